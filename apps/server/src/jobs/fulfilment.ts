import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { checkAllocation, fulfilOrder } from '../modules/orders/fulfilment.service';
import { listPaidOrderIds } from '../modules/orders/orders.repository';

/** Paid orders idle this long are queued again by the sweep (their job was lost between commit and send). */
const sweepIdleSeconds = 15 * 60;

/** Queues every paid, unfinished order; pg-boss keeps one queued job per order, the handler is idempotent. */
export const resumePaidOrders = async (deps: AppDeps, idleSeconds: number) => {
  const ids = await listPaidOrderIds(deps.db, idleSeconds);
  for (const id of ids) await deps.jobs.enqueueFulfilment(id);
  return ids.length;
};

/**
 * Starts the fulfilment worker. At start every paid order is resumed (a restart in the middle of fulfilment
 * loses nothing); afterwards a sweep catches orders whose job was never queued (a crash right after payment).
 */
export const startFulfilment = async (deps: AppDeps, log: FastifyBaseLogger, sweepEveryMs = 60_000) => {
  await deps.jobs.workFulfilment(async ({ orderId, check }) => {
    if (check) await checkAllocation(deps, { orderId, check }, log);
    else await fulfilOrder(deps, orderId, log);
  }, deps.config.fulfilment.concurrency);
  const resumed = await resumePaidOrders(deps, 0);
  if (resumed > 0) log.info({ resumed }, 'fulfilment: resumed paid orders');
  const timer = setInterval(() => {
    resumePaidOrders(deps, sweepIdleSeconds).catch((err) => log.error({ err }, 'fulfilment sweep failed'));
  }, sweepEveryMs);
  timer.unref();
  return () => clearInterval(timer);
};
