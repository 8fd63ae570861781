import type { Locale } from '@esim/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type EsimProfile, EsimProviderError } from '../../adapters/esim/port';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { getGeneralOptions } from '../settings/settings.repository';
import { renderOrderConfirmation } from './order-mails';
import {
  countFulfilmentAttempt,
  getOrder,
  insertEsimPackage,
  lockOrder,
  type OrderRow,
  updateOrder,
  upsertEsim,
} from './orders.repository';

export type FulfilmentResult = 'completed' | 'failed' | 'skipped';

/** How long one attempt waits for the provider to finish allocating before handing back to the queue. */
const allocationWaitMs = 20_000;
const allocationPollMs = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Snapshot = {
  providerPackageCode: string;
  wholesaleCents: number;
  dataMb: number | null;
  validityDays: number;
};
const snapshotOf = (order: OrderRow) => order.packageSnapshot as unknown as Snapshot;

/** Orders the profile (idempotent by our order id) and waits for the allocation to complete. */
const orderProfile = async (deps: AppDeps, order: OrderRow): Promise<EsimProfile> => {
  const snapshot = snapshotOf(order);
  const result = await deps.esimProvider.orderProfile({
    transactionId: order.id,
    packageCode: snapshot.providerPackageCode,
    wholesaleCents: snapshot.wholesaleCents,
  });
  if (result.status === 'ready') return result.profile;
  const deadline = Date.now() + allocationWaitMs;
  while (Date.now() < deadline) {
    await sleep(allocationPollMs);
    const state = await deps.esimProvider.queryOrder(result.providerOrderRef);
    if (state.status === 'ready') return state.profile;
  }
  throw new EsimProviderError('the provider is still allocating the profile', true, 'ALLOCATING');
};

/** Stores eSIM and package and completes the order in one transaction, with the confirmation e-mail. */
const completeOrder = async (deps: AppDeps, order: OrderRow, profile: EsimProfile) => {
  const t = deps.i18n.fixedT(order.locale as Locale, 'mail');
  const options = await getGeneralOptions(deps.db);
  // Rendered before the transaction (QR and PDF take tens of milliseconds) so row locks stay short.
  const mail = await renderOrderConfirmation(t, { ...order, status: 'completed' }, profile, options);
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    // Another worker finished first (a resumed job racing the original): nothing more to do.
    if (locked?.status !== 'paid') return 'skipped' as const;
    const esim = await upsertEsim(tx, {
      iccid: profile.iccid,
      userId: locked.userId,
      orderId: locked.id,
      provider: deps.esimProvider.name,
      providerRef: profile.providerRef,
      activationCode: profile.activationCode,
      smdpAddress: profile.smdpAddress,
      matchingId: profile.matchingId,
    });
    const snapshot = snapshotOf(locked);
    await insertEsimPackage(tx, {
      esimId: esim.id,
      packageId: locked.packageId ?? '',
      orderId: locked.id,
      snapshot: locked.packageSnapshot ?? {},
      // The first package on a new eSIM: it starts counting when the eSIM is first used.
      status: 'active',
      dataMb: snapshot.dataMb,
      validityDays: snapshot.validityDays,
    });
    await updateOrder(tx, locked.id, { status: 'completed', completedAt: new Date(), failureReason: null });
    await deps.mailer.send(mail, tx);
    return 'completed' as const;
  });
};

const describe = (error: unknown) => {
  if (error instanceof EsimProviderError)
    return `${error.providerCode ? `[${error.providerCode}] ` : ''}${error.message}`;
  return error instanceof Error ? error.message : String(error);
};

/**
 * One attempt at fulfilling a paid order (DESIGN section 3, "Buy an eSIM"). Safe to run twice or at once in two
 * workers: the provider order is keyed by our order id, and completion re-checks the order under a row lock.
 * A retryable failure is thrown back to the queue until the attempts run out; then the order becomes `failed`
 * with the error recorded, for staff to retry.
 */
export const fulfilOrder = async (
  deps: AppDeps,
  orderId: string,
  log: FastifyBaseLogger,
): Promise<FulfilmentResult> => {
  const order = await countFulfilmentAttempt(deps.db, orderId);
  if (!order) return 'skipped';
  try {
    const profile = await orderProfile(deps, order);
    const result = await completeOrder(deps, order, profile);
    log.info({ orderId, result, attempt: order.fulfilmentAttempts }, 'order fulfilment');
    return result;
  } catch (error) {
    const retryable = !(error instanceof EsimProviderError) || error.retryable;
    const lastAttempt = order.fulfilmentAttempts >= deps.config.fulfilment.attempts;
    log.warn(
      { orderId, attempt: order.fulfilmentAttempts, retryable, err: error },
      'order fulfilment failed',
    );
    if (retryable && !lastAttempt) throw error;
    await updateOrder(deps.db, orderId, {
      status: 'failed',
      failedAt: new Date(),
      failureReason: describe(error),
    });
    return 'failed';
  }
};

/** Staff "retry" on a failed order: back to paid with a fresh attempt count, and queued. */
export const retryFulfilment = async (deps: AppDeps, orderId: string) => {
  const order = await getOrder(deps.db, orderId);
  if (!order) throw new AppError('NOT_FOUND');
  if (order.status !== 'failed' || !order.paidAt) throw new AppError('ORDER_NOT_RETRIABLE');
  await updateOrder(deps.db, orderId, { status: 'paid', fulfilmentAttempts: 0, failedAt: null });
  await deps.jobs.enqueueFulfilment(orderId);
};
