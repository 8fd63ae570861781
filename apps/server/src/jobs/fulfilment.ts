import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { deliverDueGiftCards } from '../modules/gift-cards/gift-cards.service';
import { checkAllocation, fulfilOrder, sendOrderConfirmation } from '../modules/orders/fulfilment.service';
import { listOrdersWithoutConfirmation, listPaidOrderIds } from '../modules/orders/orders.repository';
import { reconcilePendingPayments } from '../modules/orders/payment-reconciliation.service';

/** Paid orders idle this long are queued again by the sweep (their job was lost between commit and send). */
const sweepIdleSeconds = 15 * 60;
/** Completed orders without a confirmation e-mail this long after completion are queued again by the sweep. */
const confirmationIdleSeconds = 5 * 60;
/**
 * Card pages pending this long are settled with the provider (a lost webhook, a buyer who never returned); pages
 * live at most 41 minutes (Stripe adapter), so an abandoned one is asked about a few times, then recorded expired.
 */
const paymentIdleSeconds = 15 * 60;

/** Queues every paid, unfinished order; pg-boss keeps one queued job per order, the handler is idempotent. */
export const resumePaidOrders = async (deps: AppDeps, idleSeconds: number) => {
  const ids = await listPaidOrderIds(deps.db, idleSeconds);
  for (const id of ids) await deps.jobs.enqueueFulfilment(id);
  return ids.length;
};

/** Queues the confirmation of every recently completed order that has none (lost between commit and queue). */
export const resumeConfirmations = async (deps: AppDeps, idleSeconds: number) => {
  const ids = await listOrdersWithoutConfirmation(deps.db, idleSeconds);
  for (const id of ids) await deps.jobs.enqueueConfirmation(id);
  return ids.length;
};

/**
 * Starts the fulfilment worker. At start every paid order is resumed (a restart in the middle of fulfilment
 * loses nothing); afterwards a sweep catches orders whose job was never queued (a crash right after payment) and
 * payments nobody confirmed (a lost webhook and a buyer who closed the tab).
 */
export const startFulfilment = async (deps: AppDeps, log: FastifyBaseLogger, sweepEveryMs = 60_000) => {
  await deps.jobs.workFulfilment(async ({ orderId, check }) => {
    if (check) await checkAllocation(deps, { orderId, check }, log);
    else await fulfilOrder(deps, orderId, log);
  }, deps.config.fulfilment.concurrency);
  await deps.jobs.workConfirmations(async ({ orderId }) => {
    await sendOrderConfirmation(deps, orderId);
  });
  const resumed = await resumePaidOrders(deps, 0);
  if (resumed > 0) log.info({ resumed }, 'fulfilment: resumed paid orders');
  const timer = setInterval(() => {
    resumePaidOrders(deps, sweepIdleSeconds).catch((err) => log.error({ err }, 'fulfilment sweep failed'));
    resumeConfirmations(deps, confirmationIdleSeconds).catch((err) =>
      log.error({ err }, 'confirmation sweep failed'),
    );
    reconcilePendingPayments(deps, log, paymentIdleSeconds).catch((err) =>
      log.error({ err }, 'payment reconciliation sweep failed'),
    );
    // Gift cards whose send date has come (one e-mail per card however many processes sweep).
    deliverDueGiftCards(deps).catch((err) => log.error({ err }, 'gift card delivery failed'));
  }, sweepEveryMs);
  timer.unref();
  return () => clearInterval(timer);
};
