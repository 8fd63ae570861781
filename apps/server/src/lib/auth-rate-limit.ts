import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AppError } from './app-error';

export type AuthRateLimits = {
  /** Counts one attempt for the client's IP and one for the account; throws RATE_LIMITED past either limit. */
  consume: (request: FastifyRequest, reply: FastifyReply, action: string, account?: string) => Promise<void>;
  /**
   * A login: refused while the IP or the account has used up its failures; a failed attempt
   * (INVALID_CREDENTIALS) counts for both, a successful one clears the account's count. Correct logins never
   * lock anyone out, so knowing someone's e-mail is not enough to keep them out for long.
   */
  login: <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    action: string,
    account: string,
    attempt: () => Promise<T>,
  ) => Promise<T>;
};

/** Makes one counter; memory by default, rate-limiter-flexible's Redis store for several instances. */
export type LimiterFactory = (options: {
  keyPrefix: string;
  points: number;
  duration: number;
}) => RateLimiterAbstract;

const memoryLimiter: LimiterFactory = (options) => new RateLimiterMemory(options);

/**
 * Counters in Redis (shared by every process). While Redis is away each process counts on its own (the insurance
 * limiter) rather than failing the request.
 */
export const redisLimiter =
  (redis: Redis): LimiterFactory =>
  (options) =>
    new RateLimiterRedis({
      ...options,
      storeClient: redis,
      insuranceLimiter: new RateLimiterMemory(options),
    });

/**
 * Per-IP and per-account limits for what can be abused: login, registration, forgot-password, the forms and
 * signed-out orders (DESIGN section 5, ADR 0006 and 0013). The store is pluggable (`createLimiter`): with
 * REDIS_URL, pass a factory of RateLimiterRedis; the call sites stay the same.
 */
export const createAuthRateLimits = (
  options: { perIp: number; perAccount: number; windowSeconds: number },
  createLimiter: LimiterFactory = memoryLimiter,
): AuthRateLimits => {
  const byIp = createLimiter({
    keyPrefix: 'auth-ip',
    points: options.perIp,
    duration: options.windowSeconds,
  });
  const byAccount = createLimiter({
    keyPrefix: 'auth-account',
    points: options.perAccount,
    duration: options.windowSeconds,
  });
  const limited = (reply: FastifyReply, msBeforeNext: number) => {
    reply.header('Retry-After', Math.max(1, Math.ceil(msBeforeNext / 1000)));
    return new AppError('RATE_LIMITED');
  };
  const exhausted = async (limiter: RateLimiterAbstract, key: string, points: number) => {
    const state = await limiter.get(key);
    return state && state.consumedPoints >= points ? state : null;
  };
  return {
    consume: async (request, reply, action, account) => {
      try {
        await byIp.consume(`${action}:${request.ip}`);
        if (account) await byAccount.consume(`${action}:${account.toLowerCase()}`);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw limited(reply, error.msBeforeNext);
        throw error;
      }
    },
    login: async (request, reply, action, account, attempt) => {
      const ipKey = `${action}:${request.ip}`;
      const accountKey = `${action}:${account.toLowerCase()}`;
      const blocked =
        (await exhausted(byIp, ipKey, options.perIp)) ??
        (await exhausted(byAccount, accountKey, options.perAccount));
      if (blocked) throw limited(reply, blocked.msBeforeNext);
      try {
        const result = await attempt();
        await byAccount.delete(accountKey);
        return result;
      } catch (error) {
        if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS')
          await Promise.all([
            byIp.consume(ipKey).catch(() => undefined),
            byAccount.consume(accountKey).catch(() => undefined),
          ]);
        throw error;
      }
    },
  };
};
