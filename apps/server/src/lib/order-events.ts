import { randomUUID } from 'node:crypto';
import type { Database } from '@esim/db';
import type { FastifyBaseLogger } from 'fastify';

const channel = 'order_finished';

export type OrderWait = {
  /** Settles when the order is published, the time is up or the signal aborts; never rejects. */
  promise: Promise<void>;
  cancel: () => void;
};

/**
 * "This order has reached its end" (completed, failed), for the buyer's success page waiting for its QR code:
 * a receipt request holds until then instead of the page polling. Waiters in this process are woken directly;
 * the others through PostgreSQL NOTIFY (the order may complete in another process). A lost notice costs only
 * the wait's time limit: the page asks again.
 */
export const createOrderEvents = (database: Database, log: FastifyBaseLogger) => {
  const self = randomUUID();
  const waiters = new Map<string, Set<() => void>>();
  const wake = (orderId: string) => {
    const set = waiters.get(orderId);
    if (!set) return;
    waiters.delete(orderId);
    for (const resolve of set) resolve();
  };
  return {
    publish: (orderId: string) => {
      wake(orderId);
      database.notify(channel, `${self} ${orderId}`).catch((err) => {
        log.warn({ err, orderId }, 'order events: could not tell other processes');
      });
    },
    /** Register before reading the order, so a publish in between is not missed. */
    waitFor: (orderId: string, ms: number, signal?: AbortSignal): OrderWait => {
      let settle = () => {};
      const promise = new Promise<void>((resolve) => {
        const timer = setTimeout(() => settle(), ms);
        const onAbort = () => settle();
        settle = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          const set = waiters.get(orderId);
          set?.delete(settle);
          if (set?.size === 0) waiters.delete(orderId);
          resolve();
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiters.set(orderId, (waiters.get(orderId) ?? new Set()).add(settle));
        if (signal?.aborted) settle();
      });
      return { promise, cancel: () => settle() };
    },
    /** Hears the other processes' notices; stop it on shutdown. */
    listen: () =>
      database.listen(channel, (payload) => {
        const [from, orderId] = payload.split(' ');
        if (from !== self && orderId) wake(orderId);
      }),
    /** Waiting requests in this process (tests, metrics). */
    waiting: () => [...waiters.values()].reduce((sum, set) => sum + set.size, 0),
  };
};
export type OrderEvents = ReturnType<typeof createOrderEvents>;
