import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteHostAliases } from './web';

/** How long a browser may keep the redirect: a changed SITE_URL or ADMIN_URL heals within the hour. */
const redirectMaxAgeSeconds = 3600;

/** Paths machines call on whatever host or address they were given: never redirected. */
const isMachinePath = (path: string) => path === '/api' || path.startsWith('/api/') || path === '/metrics';

/**
 * Where a request belongs instead, or null: a GET or HEAD of a page or file sent to another of the app's own
 * names (`127.0.0.1` or `[::1]` beside `localhost`, `www.` beside the bare domain) goes to the same path and
 * query on the canonical URL's host. The API, webhooks, health checks and metrics answer on any host, and a host
 * that is not one of ours (an address a load balancer probes) is left alone. The target is always the configured
 * URL, never a name taken from the request.
 */
export const canonicalLocation = (
  request: Pick<FastifyRequest, 'method' | 'url' | 'host'>,
  canonicalUrl: string,
  aliases: Set<string>,
): string | null => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const host = request.host?.toLowerCase();
  if (!host || host === new URL(canonicalUrl).host.toLowerCase() || !aliases.has(host)) return null;
  const path = request.url.split('?')[0] ?? '/';
  if (isMachinePath(path)) return null;
  return `${canonicalUrl}${request.url.startsWith('/') ? request.url : `/${request.url}`}`;
};

/**
 * One host per app (docs/decisions/0032): the site on SITE_URL's host, the staff dashboard on ADMIN_URL's.
 * Browser storage belongs to an origin, and the payment provider, e-mails and the sandbox card page send people
 * to the configured URL: a buyer who started on an alias came back to an origin that had never seen the order.
 */
export const registerCanonicalHost = (app: FastifyInstance, canonicalUrl: string) => {
  const aliases = siteHostAliases(canonicalUrl);
  app.addHook('onRequest', async (request, reply) => {
    const location = canonicalLocation(request, canonicalUrl, aliases);
    if (!location) return;
    return reply
      .code(301)
      .header('location', location)
      .header('cache-control', `max-age=${redirectMaxAgeSeconds}`)
      .send();
  });
};
