import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Reads a crowd behind one address (hotel Wi-Fi, a carrier's NAT) makes by the hundred and nobody can abuse:
 * the site's built files and the cached catalogue. A first visit alone is about a hundred of them.
 */
export const isUnmeteredRead = (request: Pick<FastifyRequest, 'method' | 'url'>) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (path.startsWith('/api/')) return path.startsWith('/api/catalogue/');
  // Built assets and other files (favicon, fonts, manifest): a path whose last segment has an extension.
  return path.startsWith('/assets/') || /\/[^/]+\.[a-z0-9]{1,8}$/i.test(path);
};

/**
 * The payment provider's and the eSIM provider's notifications. A provider sends every buyer's notices from a
 * few addresses: in a rush of a thousand orders, a per-address budget would refuse most of them (the payment
 * provider then retries for hours, the eSIM orders wait for their poll). They are authenticated before any work
 * (a secret path, a signature over the body), so a forged one costs microseconds and changes nothing.
 */
export const isProviderNotice = (request: Pick<FastifyRequest, 'method' | 'url'>) =>
  request.method === 'POST' &&
  /^\/api\/(payments|esim-provider)\/webhooks\/[^/?]+$/.test(request.url.split('?')[0] ?? '');

/**
 * The site's traffic beacon (ADR 0066) has its own, tighter budget that drops a flood before any work: counted
 * here too, a reader's page views would spend the address's budget for checkout.
 */
export const isTrafficBeacon = (request: Pick<FastifyRequest, 'method' | 'url'>) =>
  request.method === 'POST' && request.url.split('?')[0] === '/api/traffic/views';

/**
 * The per-address budget for everything else (ADR 0006, 0013). What can be abused (logins, forms,
 * orders) has its own, much tighter per-IP and per-account counters (lib/auth-rate-limit.ts). The counters are
 * in memory, or in Redis when several processes run (REDIS_URL).
 */
export const registerRateLimit = async (
  app: FastifyInstance,
  options: { perMinute: number; redis: Redis | null },
) => {
  await app.register(rateLimit, {
    max: options.perMinute,
    timeWindow: '1 minute',
    global: true,
    allowList: (request) => isUnmeteredRead(request) || isProviderNotice(request) || isTrafficBeacon(request),
    // Shared by every process with Redis; a Redis outage lets requests through rather than failing them.
    ...(options.redis ? { redis: options.redis, nameSpace: 'rate-limit:', skipOnError: true } : {}),
    // Limit headers only once a client is limited: they are noise on every normal answer.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
  });
};
