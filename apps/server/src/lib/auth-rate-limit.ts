import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './app-error';

export type AuthRateLimits = {
  /** Counts one attempt for the client's IP and one for the account; throws RATE_LIMITED past either limit. */
  consume: (request: FastifyRequest, reply: FastifyReply, action: string, account?: string) => Promise<void>;
};

/**
 * Per-IP and per-account limits for login, register and forgot-password (DESIGN section 5). Memory-backed in
 * one process; rate-limiter-flexible has a Redis store with the same API for several instances.
 */
export const createAuthRateLimits = (options: {
  perIp: number;
  perAccount: number;
  windowSeconds: number;
}): AuthRateLimits => {
  const byIp = new RateLimiterMemory({
    keyPrefix: 'auth-ip',
    points: options.perIp,
    duration: options.windowSeconds,
  });
  const byAccount = new RateLimiterMemory({
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
