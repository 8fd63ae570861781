import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

declare module 'fastify' {
  interface FastifyRequest {
    cspNonce: string;
  }
}

export type CspOptions = { production: boolean; scriptHashes?: string[] };

const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');
/** The build's scripts, stylesheets and fonts: never shown as a document, so a page policy means nothing there. */
const isBuiltCode = (url: string) => url.startsWith('/assets/') && /\.(?:js|css|woff2?)(?:\?|$)/.test(url);

/**
 * Security headers. Documents (site pages, the staff SPA, API docs) get helmet's full set and a policy where
 * scripts run only from our origin or with this request's nonce (no 'unsafe-inline' for scripts, no
 * third-party scripts); inline style attributes stay allowed because the UI kit sets them. JSON answers — the
 * hot API paths — get the few headers that matter for them, set once without helmet's per-request work.
 * The build's scripts, stylesheets and fonts get only `nosniff` and `Cross-Origin-Resource-Policy`: the
 * document headers (about 1 KB, uncompressed in HTTP/1.1) came with each of the 30 chunks of a form page,
 * about 30 KB more to download on a slow connection. SVG keeps the document set: it can be opened as one.
 */
export const registerSecurityHeaders = async (app: FastifyInstance, options: CspOptions) => {
  const documentHeaders = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  const apiHeaders: Record<string, string> = {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    ...(options.production ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const codeHeaders: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...(options.production ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const hashes = (options.scriptHashes ?? []).map((h) => `'${h}'`).join(' ');

  app.decorateRequest('cspNonce', '');
  // Callback-style hooks: they run on every request, and an async hook costs a promise and a microtask each.
  app.addHook('onRequest', (request, reply, done) => {
    if (isApi(request.url)) {
      reply.headers(apiHeaders);
      done();
      return;
    }
    if (isBuiltCode(request.url)) {
      reply.headers(codeHeaders);
      done();
      return;
    }
    request.cspNonce = randomBytes(16).toString('base64');
    documentHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error === undefined ? undefined : error instanceof Error ? error : new Error(String(error))),
    );
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // swagger-ui sets its own policy for /api/docs.
    if (isApi(request.url) || request.url.startsWith('/api/docs') || isBuiltCode(request.url)) {
      done(null, payload);
      return;
    }
    reply.header(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${request.cspNonce}' ${hashes}`.trim(),
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self' blob:",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
        ...(options.production ? ['upgrade-insecure-requests'] : []),
      ].join('; '),
    );
    done(null, payload);
  });
};
