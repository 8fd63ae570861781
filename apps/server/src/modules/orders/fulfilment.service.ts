import type { Locale } from '@esim/contracts';
import type { Db } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import type { FastifyBaseLogger } from 'fastify';
import { type EsimProfile, type EsimProvider, EsimProviderError } from '../../adapters/esim/port';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import {
  getEsim,
  hasActivePackage,
  insertEsimPackage,
  listMovablePackages,
  lockEsim,
  movePackages,
  updateEsim,
  upsertEsim,
} from '../esims/esims.repository';
import type { Mailer } from '../mail/mail.service';
import { getGeneralOptions } from '../settings/settings.repository';
import { renderOrderConfirmation, renderTopUpConfirmation } from './order-mails';
import { countFulfilmentAttempt, getOrder, lockOrder, type OrderRow, updateOrder } from './orders.repository';

/** What fulfilling an order uses. */
export type FulfilmentDeps = {
  db: Db;
  esimProvider: EsimProvider;
  i18n: ServerI18n;
  mailer: Mailer;
  config: Pick<Config, 'fulfilment'>;
  /** Queues a paid order's fulfilment (the job queue). */
  jobs: { enqueueFulfilment: (orderId: string) => Promise<void> };
};

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

/** The eSIM row for a profile the provider allocated for an order (owned by the order's buyer). */
const newEsimRow = (deps: FulfilmentDeps, order: OrderRow, profile: EsimProfile) => ({
  iccid: profile.iccid,
  userId: order.userId,
  orderId: order.id,
  provider: deps.esimProvider.name,
  providerRef: profile.providerRef,
  activationCode: profile.activationCode,
  smdpAddress: profile.smdpAddress,
  matchingId: profile.matchingId,
});

/** Orders the profile (idempotent by our order id) and waits for the allocation to complete. */
const orderProfile = async (deps: FulfilmentDeps, order: OrderRow): Promise<EsimProfile> => {
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
const completeOrder = async (
  deps: FulfilmentDeps,
  order: OrderRow,
  profile: EsimProfile,
  { storeEsim }: { storeEsim: boolean } = { storeEsim: true },
) => {
  const t = deps.i18n.fixedT(order.locale as Locale, 'mail');
  const options = await getGeneralOptions(deps.db);
  // Rendered before the transaction (QR and PDF take tens of milliseconds) so row locks stay short.
  const mail = await renderOrderConfirmation(t, { ...order, status: 'completed' }, profile, options);
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    // Another worker finished first (a resumed job racing the original): nothing more to do.
    if (locked?.status !== 'paid') return 'skipped' as const;
    if (!storeEsim) {
      // A change of eSIM stored the new eSIM and moved the packages already.
      await updateOrder(tx, locked.id, { status: 'completed', completedAt: new Date(), failureReason: null });
      await deps.mailer.send(mail, tx);
      return 'completed' as const;
    }
    const esim = await upsertEsim(tx, newEsimRow(deps, locked, profile));
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

/** Top-up: the provider adds the package to the eSIM; it waits behind the active one, or starts now. */
const completeTopUp = async (deps: FulfilmentDeps, order: OrderRow) => {
  const target = order.targetEsimId ? await getEsim(deps.db, order.targetEsimId) : undefined;
  if (!target) throw new EsimProviderError('the eSIM to top up does not exist', false, 'ESIM_MISSING');
  if (target.status === 'disabled' || target.status === 'freed')
    throw new EsimProviderError('the eSIM to top up is disabled', false, 'ESIM_INACTIVE');
  const snapshot = snapshotOf(order);
  await deps.esimProvider.topUp({
    transactionId: order.id,
    providerRef: target.providerRef,
    packageCode: snapshot.providerPackageCode,
    wholesaleCents: snapshot.wholesaleCents,
  });
  const t = deps.i18n.fixedT(order.locale as Locale, 'mail');
  const options = await getGeneralOptions(deps.db);
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (locked?.status !== 'paid') return 'skipped' as const;
    // The eSIM row is locked too, so two top-ups completing at once do not both start "now".
    await lockEsim(tx, target.id);
    const queued = await hasActivePackage(tx, target.id);
    const now = new Date();
    await insertEsimPackage(tx, {
      esimId: target.id,
      packageId: locked.packageId ?? '',
      orderId: locked.id,
      snapshot: locked.packageSnapshot ?? {},
      status: queued ? 'queued' : 'active',
      dataMb: snapshot.dataMb,
      validityDays: snapshot.validityDays,
      ...(queued
        ? {}
        : { activatedAt: now, expiresAt: new Date(now.getTime() + snapshot.validityDays * 86_400_000) }),
    });
    await updateOrder(tx, locked.id, { status: 'completed', completedAt: now, failureReason: null });
    await deps.mailer.send(
      await renderTopUpConfirmation(t, { ...locked, status: 'completed' }, target, queued, options),
      tx,
    );
    return 'completed' as const;
  });
};

/**
 * Change of eSIM (SPEC section 4), in steps that are each safe to repeat: order the new profile (keyed by the
 * order), put the other packages on it at the provider, then in one transaction store the new eSIM, move every
 * active and queued package (one statement, so each package is always in exactly one place) and mark the old
 * eSIM disabled; then revoke the old profile at the provider; then complete the order with the new QR code. A
 * failure before the move leaves everything on the old, working eSIM; after it, on the new one (also working).
 */
const completeEsimChange = async (deps: FulfilmentDeps, order: OrderRow) => {
  const old = order.targetEsimId ? await getEsim(deps.db, order.targetEsimId) : undefined;
  if (!old) throw new EsimProviderError('the eSIM to replace does not exist', false, 'ESIM_MISSING');
  const profile = await orderProfile(deps, order);
  const moving = await listMovablePackages(deps.db, old.id);
  const [, ...others] = moving;
  for (const pkg of others) {
    const terms = pkg.snapshot as unknown as Snapshot;
    await deps.esimProvider.topUp({
      transactionId: `${order.id}:${pkg.id}`,
      providerRef: profile.providerRef,
      packageCode: terms.providerPackageCode,
      wholesaleCents: terms.wholesaleCents,
    });
  }
  const moved = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (locked?.status !== 'paid') return 'skipped' as const;
    const oldLocked = await lockEsim(tx, old.id);
    const fresh = await upsertEsim(tx, newEsimRow(deps, locked, profile));
    if (oldLocked?.status === 'disabled' && oldLocked.replacedById !== fresh.id) {
      // Another change of the same eSIM won (two paid changes): staff refund this one.
      await updateOrder(tx, locked.id, {
        status: 'for_review',
        failureReason: 'the eSIM was already changed',
      });
      return 'skipped' as const;
    }
    await movePackages(tx, old.id, fresh.id);
    await updateEsim(tx, old.id, { status: 'disabled', replacedById: fresh.id });
    return 'moved' as const;
  });
  if (moved === 'skipped') return 'skipped';
  await deps.esimProvider.revoke(old.providerRef);
  return completeOrder(deps, order, profile, { storeEsim: false });
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
  deps: FulfilmentDeps,
  orderId: string,
  log: FastifyBaseLogger,
): Promise<FulfilmentResult> => {
  const order = await countFulfilmentAttempt(deps.db, orderId);
  if (!order) return 'skipped';
  try {
    const result =
      order.kind === 'topup'
        ? await completeTopUp(deps, order)
        : order.kind === 'change_esim'
          ? await completeEsimChange(deps, order)
          : await completeOrder(deps, order, await orderProfile(deps, order));
    log.info({ orderId, kind: order.kind, result, attempt: order.fulfilmentAttempts }, 'order fulfilment');
    if (result === 'completed')
      void deps.mailer.deliverPending().catch((err) => log.error({ err }, 'outbox delivery'));
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
export const retryFulfilment = async (deps: FulfilmentDeps, orderId: string) => {
  const order = await getOrder(deps.db, orderId);
  if (!order) throw new AppError('NOT_FOUND');
  if (order.status !== 'failed' || !order.paidAt) throw new AppError('ORDER_NOT_RETRIABLE');
  await updateOrder(deps.db, orderId, { status: 'paid', fulfilmentAttempts: 0, failedAt: null });
  await deps.jobs.enqueueFulfilment(orderId);
};

/** The provider says an order's profile is ready: a paid order's fulfilment runs now instead of at its next poll. */
export const wakeFulfilment = async (deps: Pick<FulfilmentDeps, 'db' | 'jobs'>, orderId: string) => {
  const order = await getOrder(deps.db, orderId);
  if (order?.status === 'paid') await deps.jobs.enqueueFulfilment(order.id);
};
