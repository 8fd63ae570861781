import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    cspNonce: string;
  }
}

export type CspOptions = { production: boolean; scriptHashes?: string[] };

/**
 * Security headers. Scripts run only from our origin or with this request's nonce (no 'unsafe-inline' for
 * scripts, no third-party scripts); inline style attributes stay allowed because the UI kit sets them.
 */
export const registerSecurityHeaders = async (app: FastifyInstance, options: CspOptions) => {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    hsts: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.decorateRequest('cspNonce', '');
  // The policy governs documents; JSON answers (the hot API paths) skip the nonce and the header.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) request.cspNonce = randomBytes(16).toString('base64');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/docs')) return payload; // swagger-ui sets its own policy
    if (request.url.startsWith('/api/')) {
      reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
      return payload;
    }
    const hashes = (options.scriptHashes ?? []).map((h) => `'${h}'`).join(' ');
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
    return payload;
  });
};
