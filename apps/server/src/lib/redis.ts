import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The Redis connection several processes share state through (rate-limit counters). Commands fail fast while
 * Redis is away (no offline queue, one retry) so a request is never held up by it; callers fall back to
 * per-process limits meanwhile, and ioredis reconnects on its own.
 */
export const createRedis = (options: { url: string; keyPrefix: string }, log: FastifyBaseLogger) => {
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  let down = false;
  redis.on('error', (err) => {
    // One line per outage, not one per reconnect attempt.
    if (!down) log.warn({ err }, 'redis: connection lost; limits fall back to this process until it is back');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info('redis: connection back');
    down = false;
  });
  return redis;
};
