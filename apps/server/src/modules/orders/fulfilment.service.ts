import { createHash } from 'node:crypto';
import type { Locale } from '@esim/contracts';
import { esimAllows } from '@esim/contracts/esim-lifecycle';
import type { Db } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import type { FastifyBaseLogger } from 'fastify';
import { type EsimProfile, type EsimProvider, EsimProviderError } from '../../adapters/esim/port';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { FulfilOrderJob, JobQueue } from '../../lib/job-queue';
import type { OrderEvents } from '../../lib/order-events';
import { recordChange } from '../audit/audit.repository';
import {
  getEsim,
  getEsimForOrder,
  hasActivePackage,
  insertEsimPackage,
  listMovablePackages,
  lockEsim,
  movePackages,
  updateEsim,
  upsertEsim,
} from '../esims/esims.repository';
import type { Mailer } from '../mail/mail.service';
import { recordOrderEvent } from '../order-timeline/order-timeline.repository';
import { refundShopPurchase } from '../refunds/automatic-refunds.service';
import { sumOutstandingRefundsOfOrder } from '../refunds/refunds.repository';
import { getGeneralOptions } from '../settings/settings.repository';
import { completeGiftCard } from './gift-card-orders.service';
import { sendGiftEsimMails } from './gift-esim-orders.service';
import { renderOrderConfirmation, renderTopUpConfirmation } from './order-mails';
import {
  changeOrderStatus,
  countFulfilmentAttempt,
  failPaidOrder,
  getOrder,
  lockOrder,
  type OrderRow,
} from './orders.repository';

/** What fulfilling an order uses. */
export type FulfilmentDeps = {
  db: Db;
  esimProvider: EsimProvider;
  i18n: ServerI18n;
  mailer: Mailer;
  config: Pick<Config, 'fulfilment' | 'jwtSecret' | 'siteUrl'>;
  /** Queues a paid order's fulfilment, its allocation checks and its confirmation e-mail (the job queue). */
  jobs: Pick<JobQueue, 'enqueueFulfilment' | 'enqueueAllocationCheck' | 'enqueueConfirmation'>;
  /** Tells the buyer's waiting success page that the order has finished. */
  orderEvents: Pick<OrderEvents, 'publish'>;
};

export type FulfilmentResult = 'completed' | 'allocating' | 'failed' | 'skipped';

/**
 * When to look again at a provider order still allocating, counted from the previous look: soon at first (the
 * sandbox takes 2 s, eSIM Access usually a few seconds and notifies us when done), then less often.
 */
const pollDelaysSeconds = [3, 2, 3, 5, 10, 20, 30];
const pollDelay = (poll: number) => pollDelaysSeconds[poll] ?? 60;
/** An order the provider has not allocated after this long is failed for staff (a retry places it again). */
const allocationPatienceMs = 10 * 60_000;

/** How long a change of eSIM waits for its new profile inside one attempt (rare, so it may hold its worker). */
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
  // A gift eSIM belongs to no one until its recipient claims it (the buyer's dashboard does not show it).
  userId: order.kind === 'gift_esim' ? null : order.userId,
  // A shop's purchase: the eSIM belongs to the shop's subscriber.
  shopId: order.shopId,
  subscriberId: order.subscriberId,
  orderId: order.id,
  provider: deps.esimProvider.name,
  providerRef: profile.providerRef,
  activationCode: profile.activationCode,
  smdpAddress: profile.smdpAddress,
  matchingId: profile.matchingId,
});

type ProviderRequest = 'order_profile' | 'query_order' | 'top_up' | 'revoke';

/**
 * One call to the eSIM provider for an order, on the order's timeline with its answer and how long it took
 * (ADR 0031). Nothing changes in our database with the call itself, so the event is its own statement, written
 * when the answer (or the error) is in.
 */
const callProvider = async <T>(
  deps: FulfilmentDeps,
  orderId: string,
  request: ProviderRequest,
  call: () => Promise<T>,
  answerOf: (result: T) => string = () => 'ok',
): Promise<T> => {
  const started = performance.now();
  const record = (ok: boolean, answer: string) =>
    recordOrderEvent(deps.db, orderId, {
      kind: 'provider_call',
      actor: 'system',
      detail: { request, ok, answer: answer.slice(0, 200), ms: Math.round(performance.now() - started) },
    });
  try {
    const result = await call();
    await record(true, answerOf(result));
    return result;
  } catch (error) {
    await record(false, describe(error));
    throw error;
  }
};

/** A message queued about an order, on its timeline (in the transaction that stores it in the outbox). */
const recordMessage = (
  tx: Db,
  orderId: string,
  mail: { to: string; subject?: string | null },
  dedupeKey?: string,
) =>
  recordOrderEvent(tx, orderId, {
    kind: 'message_sent',
    actor: 'system',
    detail: { channel: 'email', to: mail.to, subject: mail.subject ?? null },
    ...(dedupeKey ? { dedupeKey } : {}),
  });

/** Places the provider order for the order's profile; idempotent by our order id (a repeat gets the same one). */
const placeProfileOrder = (deps: FulfilmentDeps, order: OrderRow) => {
  const snapshot = snapshotOf(order);
  return callProvider(
    deps,
    order.id,
    'order_profile',
    () =>
      deps.esimProvider.orderProfile({
        transactionId: order.id,
        packageCode: snapshot.providerPackageCode,
        wholesaleCents: snapshot.wholesaleCents,
      }),
    (result) => result.status,
  );
};

/** Asks the provider about a placed order (allocated yet?). */
const queryProviderOrder = (deps: FulfilmentDeps, orderId: string, providerOrderRef: string) =>
  callProvider(
    deps,
    orderId,
    'query_order',
    () => deps.esimProvider.queryOrder(providerOrderRef),
    (state) => state.status,
  );

/** Orders the profile and waits for the allocation inside this attempt (change of eSIM only). */
const orderProfileAndWait = async (deps: FulfilmentDeps, order: OrderRow): Promise<EsimProfile> => {
  const result = await placeProfileOrder(deps, order);
  if (result.status === 'ready') return result.profile;
  const deadline = Date.now() + allocationWaitMs;
  while (Date.now() < deadline) {
    await sleep(allocationPollMs);
    const state = await queryProviderOrder(deps, order.id, result.providerOrderRef);
    if (state.status === 'ready') return state.profile;
  }
  throw new EsimProviderError('the provider is still allocating the profile', true, 'ALLOCATING');
};

/**
 * The outbox id of an order's confirmation e-mail: fixed by the order, so the e-mail is stored once however
 * often it is rendered. Equal to `md5('order-confirmation:' || id)::uuid` in SQL (listOrdersWithoutConfirmation).
 */
export const confirmationMailId = (orderId: string) => {
  const hex = createHash('md5').update(`order-confirmation:${orderId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * Renders and stores a completed new eSIM's confirmation e-mail (QR code, install details, invoice PDF). It runs
 * after completion, one at a time per process: rendering is most of a purchase's CPU, and the buyer already
 * sees the QR code on the success page. Safe to repeat (the e-mail's outbox id is fixed by the order).
 */
export const sendOrderConfirmation = async (deps: FulfilmentDeps, orderId: string) => {
  const order = await getOrder(deps.db, orderId);
  // An admin order is a new eSIM too: its customer gets the same e-mail. A gift's goes to its recipient.
  if (order?.fulfilmentStatus !== 'completed' || !['esim', 'admin', 'gift_esim'].includes(order.kind))
    return false;
  const esim = await getEsimForOrder(deps.db, orderId);
  if (!esim) return false;
  if (order.kind === 'gift_esim') {
    const sent = await sendGiftEsimMails(deps, order, esim, confirmationMailId(orderId));
    if (sent) void deps.mailer.deliverPending().catch(() => undefined);
    return sent;
  }
  const t = deps.i18n.fixedT(order.locale as Locale, 'mail');
  const mail = await renderOrderConfirmation(t, order, esim, await getGeneralOptions(deps.db));
  await deps.db.transaction(async (tx) => {
    await deps.mailer.send(mail, tx, confirmationMailId(orderId));
    await recordMessage(tx, orderId, mail, 'mail:order-confirmation');
  });
  // Stored inside a transaction, so the mailer left delivery to us; a failed run is retried by the outbox sweep.
  void deps.mailer.deliverPending().catch(() => undefined);
  return true;
};

/**
 * Stores eSIM and package and completes the order in one transaction; its confirmation e-mail is queued after
 * the commit (a crash in between is caught by the sweep, which looks for completed orders without one). A change
 * of eSIM (rare) still stores its e-mail in the completing transaction.
 */
const completeOrder = async (
  deps: FulfilmentDeps,
  order: OrderRow,
  profile: EsimProfile,
  { storeEsim }: { storeEsim: boolean } = { storeEsim: true },
) => {
  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    // Another worker finished first (a resumed job racing the original): nothing more to do.
    if (locked?.fulfilmentStatus !== 'paid') return 'skipped' as const;
    if (!storeEsim) {
      // A change of eSIM stored the new eSIM and moved the packages already.
      const t = deps.i18n.fixedT(order.locale as Locale, 'mail');
      const options = await getGeneralOptions(tx);
      const mail = await renderOrderConfirmation(t, { ...locked, status: 'completed' }, profile, options);
      await changeOrderStatus(
        tx,
        locked,
        'completed',
        { actor: 'system' },
        { completedAt: new Date(), failureReason: null },
      );
      await deps.mailer.send(mail, tx);
      await recordMessage(tx, locked.id, mail);
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
    await changeOrderStatus(
      tx,
      locked,
      'completed',
      { actor: 'system' },
      { completedAt: new Date(), failureReason: null },
    );
    return 'completed' as const;
  });
  if (result === 'completed' && storeEsim) await deps.jobs.enqueueConfirmation(order.id);
  return result;
};

/** Top-up: the provider adds the package to the eSIM; it waits behind the active one, or starts now. */
const completeTopUp = async (deps: FulfilmentDeps, order: OrderRow) => {
  const target = order.targetEsimId ? await getEsim(deps.db, order.targetEsimId) : undefined;
  if (!target) throw new EsimProviderError('the eSIM to top up does not exist', false, 'ESIM_MISSING');
  if (!esimAllows(target.status, 'topUp'))
    throw new EsimProviderError(
      `the eSIM to top up no longer works (${target.status})`,
      false,
      'ESIM_INACTIVE',
    );
  const snapshot = snapshotOf(order);
  await callProvider(deps, order.id, 'top_up', () =>
    deps.esimProvider.topUp({
      transactionId: order.id,
      providerRef: target.providerRef,
      packageCode: snapshot.providerPackageCode,
      wholesaleCents: snapshot.wholesaleCents,
    }),
  );
  const t = deps.i18n.fixedT(order.locale as Locale, 'mail');
  const options = await getGeneralOptions(deps.db);
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (locked?.fulfilmentStatus !== 'paid') return 'skipped' as const;
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
    await changeOrderStatus(
      tx,
      locked,
      'completed',
      { actor: 'system' },
      { completedAt: now, failureReason: null },
    );
    const mail = await renderTopUpConfirmation(
      t,
      { ...locked, status: 'completed' },
      target,
      queued,
      options,
    );
    await deps.mailer.send(mail, tx);
    await recordMessage(tx, locked.id, mail);
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
  const profile = await orderProfileAndWait(deps, order);
  const moving = await listMovablePackages(deps.db, old.id);
  const [, ...others] = moving;
  for (const pkg of others) {
    const terms = pkg.snapshot as unknown as Snapshot;
    await callProvider(deps, order.id, 'top_up', () =>
      deps.esimProvider.topUp({
        transactionId: `${order.id}:${pkg.id}`,
        providerRef: profile.providerRef,
        packageCode: terms.providerPackageCode,
        wholesaleCents: terms.wholesaleCents,
      }),
    );
  }
  const moved = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (locked?.fulfilmentStatus !== 'paid') return 'skipped' as const;
    const oldLocked = await lockEsim(tx, old.id);
    const fresh = await upsertEsim(tx, newEsimRow(deps, locked, profile));
    if (oldLocked?.status === 'disabled' && oldLocked.replacedById !== fresh.id) {
      // Another change of the same eSIM won (two paid changes): staff refund this one.
      await changeOrderStatus(
        tx,
        locked,
        'for_review',
        { actor: 'system' },
        { reviewReason: 'esim_change_race', failureReason: 'the eSIM was already changed' },
      );
      return 'skipped' as const;
    }
    await movePackages(tx, old.id, fresh.id);
    await updateEsim(tx, old.id, { status: 'disabled', replacedById: fresh.id, endedAt: new Date() });
    return 'moved' as const;
  });
  if (moved === 'skipped') return 'skipped';
  await callProvider(deps, order.id, 'revoke', () => deps.esimProvider.revoke(old.providerRef));
  return completeOrder(deps, order, profile, { storeEsim: false });
};

const describe = (error: unknown) => {
  if (error instanceof EsimProviderError)
    return `${error.providerCode ? `[${error.providerCode}] ` : ''}${error.message}`;
  return error instanceof Error ? error.message : String(error);
};

/** The orders `placeEsimOrder` fulfils (a new eSIM); top-ups and changes of eSIM complete in their own step. */
const completedByAllocationCheck = (order: Pick<OrderRow, 'kind'>) =>
  order.kind !== 'topup' && order.kind !== 'change_esim';

/**
 * A new eSIM: places the provider order and, unless the profile is ready at once, leaves the rest to a check
 * that a poll or the provider's notice queues, so no worker waits out the allocation (ADR 0015).
 */
const placeEsimOrder = async (deps: FulfilmentDeps, order: OrderRow): Promise<FulfilmentResult> => {
  const placed = await placeProfileOrder(deps, order);
  if (placed.status === 'ready') return completeOrder(deps, order, placed.profile);
  await deps.jobs.enqueueAllocationCheck(
    {
      orderId: order.id,
      check: { providerOrderRef: placed.providerOrderRef, placedAt: Date.now(), poll: 0, by: 'poll' },
    },
    pollDelay(0),
  );
  return 'allocating';
};

/**
 * Fails a paid order for staff with the error; an order completed meanwhile stays completed. An order a shop
 * paid with credits gets them back in the same transaction, as a refund of its own (ADR 0090), so it reads
 * refunded and cannot be retried into a second delivery of a refunded purchase.
 */
const failOrder = async (deps: FulfilmentDeps, orderId: string, error: unknown) => {
  await deps.db.transaction(async (tx) => {
    const failed = await failPaidOrder(tx, orderId, describe(error));
    if (failed) await refundShopPurchase(tx, deps, failed);
  });
  return 'failed' as const;
};

/**
 * One attempt at fulfilling a paid order (DESIGN section 3, "Buy an eSIM"). Safe to run twice or at once in two
 * workers: the provider order is keyed by our order id, and completion re-checks the order under a row lock.
 * A retryable failure is thrown back to the queue until the attempts run out; then the order becomes `failed`
 * with the error recorded, for staff to retry.
 */
export const fulfilOrder = async (deps: FulfilmentDeps, orderId: string, log: FastifyBaseLogger) =>
  announced(deps, orderId, await attemptFulfilment(deps, orderId, log));

/** Tells a buyer's waiting success page (any process) that the order ended, whichever step ended it. */
const announced = (deps: FulfilmentDeps, orderId: string, result: FulfilmentResult) => {
  if (result === 'completed' || result === 'failed') deps.orderEvents.publish(orderId);
  return result;
};

const attemptFulfilment = async (
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
          : order.kind === 'gift_card'
            ? await completeGiftCard(deps, order)
            : await placeEsimOrder(deps, order);
    // One line per order: placing is logged only when it finished the order (the check logs the rest).
    if (result !== 'allocating')
      log.info({ orderId, kind: order.kind, result, attempt: order.fulfilmentAttempts }, 'order fulfilment');
    if (result === 'completed') deliverMail(deps, log);
    return result;
  } catch (error) {
    const retryable = !(error instanceof EsimProviderError) || error.retryable;
    const lastAttempt = order.fulfilmentAttempts >= deps.config.fulfilment.attempts;
    log.warn(
      { orderId, attempt: order.fulfilmentAttempts, retryable, err: error },
      'order fulfilment failed',
    );
    if (retryable && !lastAttempt) throw error;
    return failOrder(deps, orderId, error);
  }
};

const deliverMail = (deps: FulfilmentDeps, log: FastifyBaseLogger) => {
  void deps.mailer.deliverPending().catch((err) => log.error({ err }, 'outbox delivery'));
};

/**
 * Looks at a placed provider order: completes the order when the profile is allocated; otherwise a poll queues
 * the next look (a provider notice that came early leaves that to the polls). A provider error while looking
 * is treated like "not yet" until the patience runs out, then the order fails for staff with that error.
 * Nothing here counts an attempt: the attempt was the placing.
 */
export const checkAllocation = async (
  deps: FulfilmentDeps,
  job: Required<FulfilOrderJob>,
  log: FastifyBaseLogger,
) => announced(deps, job.orderId, await lookAtAllocation(deps, job, log));

const lookAtAllocation = async (
  deps: FulfilmentDeps,
  job: Required<FulfilOrderJob>,
  log: FastifyBaseLogger,
): Promise<FulfilmentResult> => {
  const { orderId, check } = job;
  const order = await getOrder(deps.db, orderId);
  if (order?.fulfilmentStatus !== 'paid') return 'skipped';
  // Only a new eSIM is completed here. A change of eSIM waits for its profile in its own job and then moves the
  // packages and disables the old eSIM; the provider's notice for its profile must not complete it as a new one.
  if (!completedByAllocationCheck(order)) return 'skipped';
  let lastError: unknown = null;
  try {
    const state = await queryProviderOrder(deps, orderId, check.providerOrderRef);
    if (state.status === 'ready') {
      const result = await completeOrder(deps, order, state.profile);
      log.info({ orderId, result, by: check.by, poll: check.poll }, 'order fulfilment');
      if (result === 'completed') deliverMail(deps, log);
      return result;
    }
  } catch (error) {
    if (error instanceof EsimProviderError && !error.retryable) return failOrder(deps, orderId, error);
    if (!(error instanceof EsimProviderError)) throw error;
    log.warn({ orderId, err: error, by: check.by }, 'order fulfilment: allocation check failed');
    lastError = error;
  }
  if (check.by !== 'poll') return 'allocating';
  if (Date.now() - check.placedAt > allocationPatienceMs)
    return failOrder(
      deps,
      orderId,
      lastError ?? new EsimProviderError('the provider is still allocating the profile', true, 'ALLOCATING'),
    );
  const poll = check.poll + 1;
  await deps.jobs.enqueueAllocationCheck({ orderId, check: { ...check, poll } }, pollDelay(poll));
  return 'allocating';
};

/**
 * The provider says an order's profile is allocated (eSIM Access ORDER_STATUS, or the sandbox's equivalent):
 * queues a look at once, if the order is ours and still waiting. Replays and late notices change nothing.
 */
export const onProviderOrderReady = async (
  deps: FulfilmentDeps,
  orderId: string,
  providerOrderRef: string,
) => {
  const order = await getOrder(deps.db, orderId);
  if (order?.fulfilmentStatus !== 'paid' || !completedByAllocationCheck(order)) return false;
  await deps.jobs.enqueueAllocationCheck({
    orderId,
    check: { providerOrderRef, placedAt: Date.now(), poll: 0, by: 'provider' },
  });
  return true;
};

/**
 * Staff "retry" on a failed order: back to paid with a fresh attempt count, and queued. The staff action and the
 * state change are on the order's timeline, and the audit row beside them, written with the change (under the
 * order's row lock).
 */
export const retryFulfilment = async (
  deps: FulfilmentDeps,
  orderId: string,
  by: { staffUserId: string; reason: string | null },
) => {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError('NOT_FOUND');
    // An order whose money is back, or on its way back, in full is not carried out after all.
    if (
      order.fulfilmentStatus !== 'failed' ||
      !order.paidAt ||
      (await sumOutstandingRefundsOfOrder(tx, orderId)) >= order.totalCents
    )
      throw new AppError('ORDER_NOT_RETRIABLE');
    await recordOrderEvent(tx, orderId, {
      kind: 'staff_action',
      actor: 'staff',
      staffUserId: by.staffUserId,
      detail: { action: 'retry_fulfilment', reason: by.reason },
    });
    await changeOrderStatus(
      tx,
      order,
      'paid',
      { actor: 'staff', staffUserId: by.staffUserId, reason: by.reason },
      { fulfilmentAttempts: 0, failedAt: null },
    );
    await recordChange(tx, {
      staffUserId: by.staffUserId,
      action: 'order.retry_fulfilment',
      entityType: 'order',
      entityId: orderId,
      before: { status: order.status },
      after: { status: 'paid', reason: by.reason },
    });
  });
  await deps.jobs.enqueueFulfilment(orderId);
};
