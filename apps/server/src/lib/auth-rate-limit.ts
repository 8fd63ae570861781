import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import {
  type IRateLimiterOptions,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AppError } from './app-error';

export type AuthRateLimits = {
  /** Counts one attempt for the client's IP and one for the account; throws RATE_LIMITED past either limit. */
  consume: (request: FastifyRequest, reply: FastifyReply, action: string, account?: string) => Promise<void>;
};

/**
 * Counters in Redis when given (shared by every process), else in this process. While Redis is away each
 * process counts on its own (the insurance limiter) rather than failing the request.
 */
const limiter = (redis: Redis | null, options: IRateLimiterOptions) =>
  redis
    ? new RateLimiterRedis({
        ...options,
        storeClient: redis,
        insuranceLimiter: new RateLimiterMemory(options),
      })
    : new RateLimiterMemory(options);

/** Per-IP and per-account limits for login, register and forgot-password (DESIGN section 5). */
export const createAuthRateLimits = (
  options: {
    perIp: number;
    perAccount: number;
    windowSeconds: number;
  },
  redis: Redis | null = null,
): AuthRateLimits => {
  const byIp = limiter(redis, {
    keyPrefix: 'auth-ip',
    points: options.perIp,
    duration: options.windowSeconds,
  });
  const byAccount = limiter(redis, {
    keyPrefix: 'auth-account',
    points: options.perAccount,
    duration: options.windowSeconds,
  });
  return {
    consume: async (request, reply, action, account) => {
      try {
        await byIp.consume(`${action}:${request.ip}`);
        if (account) await byAccount.consume(`${action}:${account.toLowerCase()}`);
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          reply.header('Retry-After', Math.ceil(error.msBeforeNext / 1000));
          throw new AppError('RATE_LIMITED');
        }
        throw error;
      }
    },
  };
};
