import type { Database } from '@esim/db';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';

export const queues = {
  fulfilOrder: 'fulfil-order',
  orderConfirmation: 'order-confirmation',
  usageSync: 'usage-sync',
  catalogueSync: 'catalogue-sync',
  clientErasure: 'client-erasure',
  adsSync: 'ads-sync',
  esimRelease: 'esim-release',
  orderRollups: 'order-rollups',
  trafficRollup: 'traffic-rollup',
  trafficRollupNightly: 'traffic-rollup-nightly',
  pushFanOut: 'push-fan-out',
} as const;

/**
 * A fulfilment step. Without `check`: place the provider order (an attempt). With it: look whether the provider
 * has allocated the profile of an order already placed, because a poll came due or the provider said so.
 */
export type FulfilOrderJob = {
  orderId: string;
  check?: { providerOrderRef: string; placedAt: number; poll: number; by: 'poll' | 'provider' };
};

export type JobQueueOptions = {
  /** Retries pg-boss keeps for a job; the handler decides when an order has failed for good. */
  retryLimit: number;
  retryDelaySeconds: number;
  pollSeconds: number;
};

/**
 * Durable jobs in the database (pg-boss, DESIGN section 2) on either driver: pg-boss runs its SQL through our own
 * connection, so PGlite works too. Any instance may work any job (pg-boss claims rows with SKIP LOCKED).
 */
export const createJobQueue = (database: Database, log: FastifyBaseLogger, options: JobQueueOptions) => {
  const boss = new PgBoss({
    db: {
      executeSql: async (text, values) => {
        try {
          return await database.executeSql(text, values);
        } catch (err) {
          // pg-boss records a job's outcome (complete or fail) without awaiting it, so a job that outlived
          // stop() reports after the connection closed and the rejection would be unhandled. Its workers are
          // stopped, so nothing else runs here now. The job stays active, expires back to the queue and runs
          // again (handlers are idempotent): answer "no row affected" and lose nothing.
          if (!stopped) throw err;
          log.warn({ err }, 'job queue: outcome of a job that outlived the stop not recorded');
          return { rows: [{ count: 0 }] };
        }
      },
    },
    schema: 'pgboss',
    // A worker that died mid-job (crash, deploy) gives the job back after this; startup also resumes paid orders.
    expireInSeconds: 120,
    archiveCompletedAfterSeconds: 24 * 3600,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));

  let starting: Promise<void> | null = null;
  let stopped = false;
  /**
   * This process's workers of each queue that are not running a job. A new job wakes one of them, in turn:
   * waking every worker of every queue cost a fetch query each (about 57 per purchase with 16 fulfilment
   * workers, most finding nothing). With all of them busy nobody is woken: each worker fetches again as soon as
   * its job ends, and other processes find the job at their next poll.
   */
  const idle = new Map<string, string[]>();
  const setIdle = (queue: string, id: string, isIdle: boolean) => {
    const ids = (idle.get(queue) ?? []).filter((other) => other !== id);
    idle.set(queue, isIdle ? [...ids, id] : ids);
  };
  const wakeOne = (queue: string) => {
    const ids = idle.get(queue);
    const id = ids?.shift();
    if (!ids || id === undefined) return;
    ids.push(id);
    boss.notifyWorker(id);
  };
  /** `concurrency` workers of one queue; each asks for the next job at once after finishing one. */
  const workEach = async <T extends object>(
    queue: string,
    concurrency: number,
    handler: (data: T) => Promise<void>,
  ) => {
    await ready();
    for (let i = 0; i < concurrency; i++) {
      const id: string = await boss.work<T>(
        queue,
        { pollingIntervalSeconds: options.pollSeconds, batchSize: 1 },
        async ([job]) => {
          if (!job) return;
          setIdle(queue, id, false);
          try {
            await handler(job.data);
          } finally {
            setIdle(queue, id, true);
            boss.notifyWorker(id);
          }
        },
      );
      setIdle(queue, id, true);
    }
  };

  const ready = () => {
    starting ??= (async () => {
      await boss.start();
      // short: at most one waiting job per order (a resumed order is not queued twice), while a job left
      // "active" by a dead worker does not block the resumed one (the handler is idempotent).
      await boss.createQueue(queues.fulfilOrder, {
        name: queues.fulfilOrder,
        policy: 'short',
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: true,
      });
      // A staff push message's fan-out (ADR 0084): at most one waiting job per message; the handler is
      // idempotent (a cursor under the message's lock), so a retry or a second run sends nobody twice.
      await boss.createQueue(queues.pushFanOut, {
        name: queues.pushFanOut,
        policy: 'short',
        retryLimit: 5,
        retryDelay: 10,
        retryBackoff: true,
      });
      await boss.createQueue(queues.orderConfirmation, {
        name: queues.orderConfirmation,
        policy: 'short',
        retryLimit: 5,
        retryDelay: 30,
        retryBackoff: true,
      });
    })();
    return starting;
  };

  const schedule = async (queue: string, cron: string, handler: () => Promise<void>) => {
    await ready();
    await boss.createQueue(queue, { name: queue, policy: 'singleton', retryLimit: 0 });
    await boss.schedule(queue, cron, {}, { tz: 'UTC' });
    await boss.work(queue, { pollingIntervalSeconds: options.pollSeconds }, async () => {
      await handler();
    });
  };

  return {
    ready,
    enqueueFulfilment: async (orderId: string) => {
      await ready();
      await boss.send(queues.fulfilOrder, { orderId } satisfies FulfilOrderJob, { singletonKey: orderId });
      // An idle worker of this process takes it now rather than at its next poll.
      wakeOne(queues.fulfilOrder);
    },
    /**
     * Queues a look at a placed provider order, `delaySeconds` from now. Each trigger has its own singleton key
     * (a due poll and the provider's notice do not swallow each other); an idle worker of this process is woken
     * when it comes due, other processes find it at their next poll.
     */
    enqueueAllocationCheck: async (job: Required<FulfilOrderJob>, delaySeconds = 0) => {
      await ready();
      await boss.send(queues.fulfilOrder, job, {
        singletonKey: `${job.orderId}:${job.check.by}`,
        ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}),
      });
      if (delaySeconds > 0) setTimeout(() => wakeOne(queues.fulfilOrder), delaySeconds * 1000).unref();
      else wakeOne(queues.fulfilOrder);
    },
    /**
     * Runs `handler` for each fulfilment job, `concurrency` at a time in this process; a thrown error makes
     * pg-boss retry the job with backoff. Jobs are short (no step waits for the provider to allocate), so a
     * worker that found one asks again at once instead of sleeping out its polling interval.
     */
    workFulfilment: (handler: (job: FulfilOrderJob) => Promise<void>, concurrency = 1) =>
      workEach(queues.fulfilOrder, concurrency, handler),
    /** Queues the rendering of a completed order's confirmation e-mail (at most one waiting per order). */
    enqueueConfirmation: async (orderId: string) => {
      await ready();
      await boss.send(queues.orderConfirmation, { orderId }, { singletonKey: orderId });
      wakeOne(queues.orderConfirmation);
    },
    /**
     * Renders confirmations one at a time in this process: each takes tens of milliseconds of CPU (QR code and
     * invoice PDF), so during a rush they trail the payments and completions instead of competing with them.
     */
    workConfirmations: (handler: (job: { orderId: string }) => Promise<void>) =>
      workEach(queues.orderConfirmation, 1, handler),
    /** Queues the fan-out of a staff push message that is due (at most one waiting per message). */
    enqueuePushFanOut: async (notificationId: string) => {
      await ready();
      await boss.send(queues.pushFanOut, { notificationId }, { singletonKey: notificationId });
      wakeOne(queues.pushFanOut);
    },
    /** Fans out push messages one at a time in this process (each in batches of its own transactions). */
    workPushFanOut: (handler: (job: { notificationId: string }) => Promise<void>) =>
      workEach(queues.pushFanOut, 1, handler),
    /** Runs `handler` on a cron schedule (UTC); pg-boss hands each tick to one instance only. */
    scheduleUsageSync: (cron: string, handler: () => Promise<void>) =>
      schedule(queues.usageSync, cron, handler),
    /** The provider's price list, daily: one process syncs and tells the others (shared catalogue). */
    scheduleCatalogueSync: (cron: string, handler: () => Promise<void>) =>
      schedule(queues.catalogueSync, cron, handler),
    /** Personal data of clients deleted more than 30 days ago, erased daily (one process). */
    scheduleClientErasure: (cron: string, handler: () => Promise<void>) =>
      schedule(queues.clientErasure, cron, handler),
    /** The ad platform's recent days, daily (ADR 0069): one process syncs. */
    scheduleAdsSync: (cron: string, handler: () => Promise<void>) => schedule(queues.adsSync, cron, handler),
    /** eSIMs unused for the configured days, listed (and freed when set) daily by one process. */
    scheduleEsimRelease: (cron: string, handler: () => Promise<void>) =>
      schedule(queues.esimRelease, cron, handler),
    /** The daily order rollups' changed days, rebuilt every minute (one process; ADR 0072). */
    scheduleOrderRollups: (cron: string, handler: () => Promise<void>) =>
      schedule(queues.orderRollups, cron, handler),
    /** The statistics' roll-ups (ADR 0066): today and yesterday often, the last five weeks nightly (one process). */
    scheduleTrafficRollup: (cron: string, handler: () => Promise<void>) =>
      schedule(queues.trafficRollup, cron, handler),
    scheduleTrafficRollupNightly: (cron: string, handler: () => Promise<void>) =>
      schedule(queues.trafficRollupNightly, cron, handler),
    /** Runs a scheduled job now (in whichever process claims it first). */
    runNow: async (queue: (typeof queues)['usageSync' | 'catalogueSync']) => {
      await ready();
      await boss.send(queue, {});
    },
    /**
     * Stops taking jobs and waits up to `timeoutMs` for the running ones; any still running then are failed
     * back to the queue, and pg-boss retries them in another process (handlers are idempotent).
     */
    stop: async (timeoutMs = 10_000) => {
      if (stopped || !starting) return;
      stopped = true;
      idle.clear();
      await starting.catch(() => undefined);
      // graceful: let a running job finish; close: false because pg-boss does not own the connection.
      await boss.stop({ graceful: true, close: false, timeout: timeoutMs });
    },
  };
};

export type JobQueue = ReturnType<typeof createJobQueue>;
