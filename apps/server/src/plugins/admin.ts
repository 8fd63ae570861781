import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendApiNotFound } from './errors';
import { registerPageMethods } from './page-methods';

/** sha256 CSP sources for the inline scripts of the SPA's index.html (it is static, so hashes are stable). */
export const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .filter((body) => body.trim().length > 0)
    .map((body) => `sha256-${createHash('sha256').update(body).digest('base64')}`);

export const readAdminIndex = (buildDir: string) => {
  const file = join(buildDir, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
};

/** Serves the staff SPA: its files, and index.html for every other non-API path (the SPA shows not-found). */
export const registerAdmin = async (app: FastifyInstance, buildDir: string, indexHtml: string | null) => {
  if (!indexHtml) {
    app.log.warn({ buildDir }, 'staff build missing: only the API is served (run npm run build)');
    app.setNotFoundHandler(sendApiNotFound);
    return;
  }
  await app.register(fastifyStatic, {
    root: buildDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (res, path) => {
      res.header(
        'Cache-Control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // Every path is the SPA's page: GET and HEAD only.
  registerPageMethods(app, () => 'page');
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') return sendApiNotFound(request, reply);
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  });
};
