import {
  type ClientRefundBody,
  type CreateRefundBody,
  type OrderRefundQuote,
  packageCancellingRefundKinds,
  type RefundKind,
  type StaffRefund,
  type StaffRefundsCsvQuery,
  type StaffRefundsQuery,
} from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import type { FastifyBaseLogger } from 'fastify';
import type { TFunction } from 'i18next';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { type CsvColumn, csvStream } from '../../lib/csv';
import { toPaged } from '../../lib/list-query';
import { recordChange } from '../audit/audit.repository';
import { postEntries } from '../credits/credits.service';
import { cancelPackagesOfOrder, type EsimCancelDeps } from '../esims/esim-cancel.service';
import { getCapturedRedemptionOfOrder, refundOntoGiftCard } from '../gift-cards/gift-cards.repository';
import { recordOrderEvent } from '../order-timeline/order-timeline.repository';
import { changeOrderStatus, getOrder, lockOrder, type OrderRow } from '../orders/orders.repository';
import { refundKeyOf, updateRefund } from '../payments/refunds.repository';
import { sendRefund } from '../payments/refunds.service';
import { getGeneralOptions } from '../settings/settings.repository';
import {
  clientExists,
  findRecentSameRefund,
  getPaidCharge,
  getStaffRefund,
  insertStaffRefund,
  listPackagesOfOrder,
  listRefundableOrderIdsOfClient,
  listRefunds,
  listStaffRefundsOfOrder,
  type StaffRefundRow,
  streamRefunds,
  sumRefundedOfCharge,
  sumRefundedOfOrder,
} from './staff-refunds.repository';

export type StaffRefundDeps = Pick<AppDeps, 'db' | 'payments'> & EsimCancelDeps;

/** A paid order whose money may go back; pending, cancelled and refunded ones have none left. */
const refundableStatuses = new Set(['paid', 'completed', 'failed', 'for_review', 'partially_refunded']);
const refundableMethods = new Set(['card', 'credits', 'gift_card']);
/** The same refund by the same person within this window is a double click: answered with the first. */
const doubleClickSeconds = 30;
const dayMs = 86_400_000;

export const toStaffRefund = (row: StaffRefundRow): StaffRefund => ({
  id: row.refund.id,
  orderId: row.refund.orderId,
  orderNumber: row.orderNumber,
  orderKind: row.orderKind,
  buyerEmail: row.buyerEmail,
  kind: row.refund.kind,
  status: row.refund.status,
  amountCents: row.refund.amountCents,
  providerCostRecoveredCents: row.refund.providerCostRecoveredCents,
  netLossCents: row.refund.amountCents - row.refund.providerCostRecoveredCents,
  error: row.refund.error,
  errorCode: row.refund.errorCode,
  reason: row.refund.reason,
  policyOverrideReason: row.refund.policyOverrideReason,
  staffName: row.staffName,
  attempts: row.refund.attempts,
  createdAt: row.refund.createdAt.toISOString(),
  updatedAt: row.refund.updatedAt.toISOString(),
});

type PackageOfOrder = Awaited<ReturnType<typeof listPackagesOfOrder>>[number];

/** Whether a package was never used: its eSIM never installed, the package never started nor used any data. */
export const isPackageUnused = ({ esim, esimPackage }: PackageOfOrder) =>
  esim.status === 'ready' &&
  esim.installCount === 0 &&
  esimPackage.activatedAt === null &&
  esimPackage.dataUsedMb === 0 &&
  (esimPackage.status === 'queued' || esimPackage.status === 'active');

/**
 * The refund policy (settings: "in full if not installed within N days"): an order qualifies while nothing it
 * bought was installed and it was paid at most N days ago. Pure, for the unit test.
 */
export const refundPolicyVerdict = (
  input: { paidAt: Date | null; installed: boolean; days: number },
  now = new Date(),
): 'qualifies' | 'installed' | 'too_late' => {
  if (input.installed) return 'installed';
  if (!input.paidAt || now.getTime() - input.paidAt.getTime() > input.days * dayMs) return 'too_late';
  return 'qualifies';
};

const wholesaleOf = (snapshot: Record<string, unknown> | null) =>
  typeof snapshot?.wholesaleCents === 'number' ? snapshot.wholesaleCents : 0;

const policyOf = async (db: Db, order: OrderRow, packagesOfOrder: PackageOfOrder[]) => {
  const { refundFullIfNotInstalledDays: days } = await getGeneralOptions(db);
  const installed = packagesOfOrder.some((p) => !isPackageUnused(p) && p.esimPackage.status !== 'deleted');
  return { days, verdict: refundPolicyVerdict({ paidAt: order.paidAt, installed, days }) };
};

const money = (cents: number) => (cents / 100).toFixed(2);

/** What the refund action shows beside an order. */
export const getRefundQuote = async (deps: StaffRefundDeps, orderId: string): Promise<OrderRefundQuote> => {
  const order = await getOrder(deps.db, orderId);
  if (!order) throw new AppError('NOT_FOUND');
  const [refundedCents, packagesOfOrder, rows] = await Promise.all([
    sumRefundedOfOrder(deps.db, orderId),
    listPackagesOfOrder(deps.db, orderId),
    listStaffRefundsOfOrder(deps.db, orderId),
  ]);
  const refundableCents = Math.max(0, order.totalCents - refundedCents);
  return {
    orderId: order.id,
    orderNumber: order.number,
    orderStatus: order.status,
    paymentMethod: order.paymentMethod,
    refundable:
      refundableStatuses.has(order.status) &&
      refundableMethods.has(order.paymentMethod) &&
      refundableCents > 0,
    paidCents: order.totalCents,
    refundedCents,
    refundableCents,
    policy: await policyOf(deps.db, order, packagesOfOrder),
    packageCostCents: packagesOfOrder.reduce((sum, p) => sum + wholesaleOf(p.esimPackage.snapshot), 0),
    packageUnused: packagesOfOrder.length > 0 && packagesOfOrder.every(isPackageUnused),
    refunds: rows.map(toStaffRefund),
  };
};

type RefundInput = {
  orderId: string;
  kind: RefundKind;
  amountCents: number | 'full';
  reason: string;
  policyOverrideReason: string | undefined;
  staffUserId: string;
  t: TFunction;
};

/**
 * One refund of one order, under the order's row lock so two staff clicking at once can never give back more
 * than was paid (pending and succeeded refunds count). A card refund is recorded pending and sent after commit
 * under the key `refund-<id>`; a shop-credit order gets its credits back in the same transaction.
 */
const refundOne = async (deps: StaffRefundDeps, input: RefundInput, log: FastifyBaseLogger) => {
  const { t } = input;
  const outcome = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) throw new AppError('NOT_FOUND');
    if (order.status === 'refunded')
      throw new AppError('ORDER_NOT_REFUNDABLE', undefined, t('admin:refunds.errors.nothingLeft'));
    if (!refundableStatuses.has(order.status) || !refundableMethods.has(order.paymentMethod))
      throw new AppError('ORDER_NOT_REFUNDABLE', undefined, t('admin:refunds.errors.notRefundable'));
    const refundedCents = await sumRefundedOfOrder(tx, order.id);
    const refundableCents = order.totalCents - refundedCents;
    if (refundableCents <= 0)
      throw new AppError('ORDER_NOT_REFUNDABLE', undefined, t('admin:refunds.errors.nothingLeft'));
    const amountCents = input.amountCents === 'full' ? refundableCents : input.amountCents;
    const sameAsBefore = await findRecentSameRefund(tx, { ...input, amountCents }, doubleClickSeconds);
    if (sameAsBefore) return { refundId: sameAsBefore.id, send: false };
    if (amountCents > refundableCents)
      throw new AppError(
        'REFUND_ABOVE_REFUNDABLE',
        undefined,
        t('admin:refunds.errors.aboveRefundable', { max: money(refundableCents) }),
      );
    const charge =
      order.paymentMethod === 'card' ? await getPaidCharge(tx, order.id, deps.payments.name) : undefined;
    if (order.paymentMethod === 'card' && !charge)
      throw new AppError('ORDER_NOT_REFUNDABLE', undefined, t('admin:refunds.errors.noCharge'));
    const policy = await policyOf(tx, order, await listPackagesOfOrder(tx, order.id));
    if (policy.verdict !== 'qualifies' && !input.policyOverrideReason)
      throw new AppError(
        'REFUND_POLICY_OVERRIDE_REQUIRED',
        undefined,
        t(`admin:refunds.errors.policy.${policy.verdict}`, { days: policy.days }),
      );
    const recovered = (packageCancellingRefundKinds as readonly string[]).includes(input.kind)
      ? await cancelPackagesOfOrder(deps, tx, order, input)
      : 0;
    const byShopCredit = order.paymentMethod === 'credits';
    // A gift card paid what the card did not (ADR 0040): the card's charge goes back first, the rest onto the gift
    // card, which is given back at once like shop credits.
    const cardLeft = charge ? charge.amountCents - (await sumRefundedOfCharge(tx, charge.id)) : 0;
    const toCard = byShopCredit ? 0 : Math.min(amountCents, Math.max(0, cardLeft));
    const toGiftCard = byShopCredit ? 0 : amountCents - toCard;
    const redemption = toGiftCard > 0 ? await getCapturedRedemptionOfOrder(tx, order.id) : undefined;
    // Without a gift card, the card's charge is all there is to give back (an amount paid short, in review).
    if (toGiftCard > 0 && !redemption)
      throw new AppError(
        'REFUND_ABOVE_REFUNDABLE',
        undefined,
        t('admin:refunds.errors.aboveRefundable', { max: money(toCard) }),
      );
    const refundRow = (part: { cents: number; paymentId: string | null; settled: boolean }) =>
      insertStaffRefund(tx, {
        orderId: order.id,
        paymentId: part.paymentId,
        amountCents: part.cents,
        kind: input.kind,
        status: part.settled ? 'succeeded' : 'pending',
        staffUserId: input.staffUserId,
        reason: input.reason,
        policyOverrideReason: input.policyOverrideReason ?? null,
        // The package's cost is recovered once, on the refund's first row.
        providerCostRecoveredCents: part.paymentId === (charge?.id ?? null) ? recovered : 0,
      });
    const cardRefund =
      byShopCredit || toCard > 0
        ? await refundRow({
            cents: byShopCredit ? amountCents : toCard,
            paymentId: charge?.id ?? null,
            settled: byShopCredit,
          })
        : undefined;
    const giftCardRefund =
      redemption && toGiftCard > 0
        ? await refundRow({ cents: toGiftCard, paymentId: null, settled: true })
        : undefined;
    // The card's history records the refund beside its redemptions (ADR 0080): balance = issued - used + refunded.
    if (redemption && giftCardRefund)
      await refundOntoGiftCard(tx, {
        giftCardId: redemption.giftCardId,
        orderId: order.id,
        refundId: giftCardRefund.id,
        amountCents: toGiftCard,
      });
    const refund = cardRefund ?? giftCardRefund;
    if (!refund) throw new AppError('ORDER_NOT_REFUNDABLE', undefined, t('admin:refunds.errors.noCharge'));
    if (byShopCredit) {
      if (!order.shopId)
        throw new AppError('ORDER_NOT_REFUNDABLE', undefined, t('admin:refunds.errors.noCharge'));
      await postEntries(tx, {
        shopId: order.shopId,
        orderId: order.id,
        userId: input.staffUserId,
        note: input.reason,
        movements: [
          { kind: 'refund', bucket: 'credit', amountCents, idempotencyKey: refundKeyOf(refund.id) },
        ],
      });
    }
    const to = amountCents === refundableCents ? 'refunded' : 'partially_refunded';
    if (order.status !== to)
      await changeOrderStatus(tx, order, to, {
        actor: 'staff',
        staffUserId: input.staffUserId,
        reason: input.reason,
      });
    await recordOrderEvent(tx, order.id, {
      kind: 'refund',
      actor: 'staff',
      staffUserId: input.staffUserId,
      detail: { kind: input.kind, status: refund.status, amountCents },
    });
    await recordChange(tx, {
      staffUserId: input.staffUserId,
      action: 'order.refund',
      entityType: 'order',
      entityId: order.id,
      before: { status: order.status, refundedCents },
      after: {
        status: to,
        refundedCents: refundedCents + amountCents,
        refundId: refund.id,
        kind: input.kind,
        reason: input.reason,
        policyOverrideReason: input.policyOverrideReason ?? null,
      },
    });
    return { refundId: refund.id, send: cardRefund !== undefined && !byShopCredit };
  });
  if (outcome.send) await sendRefund(deps, outcome.refundId, log);
  const row = await getStaffRefund(deps.db, outcome.refundId);
  if (!row) throw new AppError('NOT_FOUND');
  return toStaffRefund(row);
};

export const refundOrder = async (
  deps: StaffRefundDeps,
  input: { orderId: string; body: CreateRefundBody; staffUserId: string; t: TFunction },
  log: FastifyBaseLogger,
) => {
  const refund = await refundOne(
    deps,
    {
      orderId: input.orderId,
      kind: input.body.kind,
      amountCents: input.body.amountCents,
      reason: input.body.reason,
      policyOverrideReason: input.body.policyOverrideReason,
      staffUserId: input.staffUserId,
      t: input.t,
    },
    log,
  );
  return { refund, message: messageFor(input.t, refund) };
};

const messageFor = (t: TFunction, refund: StaffRefund) =>
  t(`admin:refunds.messages.${refund.status}`, {
    amount: money(refund.amountCents),
    number: refund.orderNumber,
  });

/** Every refundable order of a client, each its own refund of what is left (kind `full_client`). */
export const refundClient = async (
  deps: StaffRefundDeps,
  input: { clientId: string; body: ClientRefundBody; staffUserId: string; t: TFunction },
  log: FastifyBaseLogger,
) => {
  if (!(await clientExists(deps.db, input.clientId))) throw new AppError('NOT_FOUND');
  const refunded: StaffRefund[] = [];
  for (const orderId of await listRefundableOrderIdsOfClient(deps.db, input.clientId)) {
    try {
      refunded.push(
        await refundOne(
          deps,
          {
            orderId,
            kind: 'full_client',
            amountCents: 'full',
            reason: input.body.reason,
            policyOverrideReason: input.body.policyOverrideReason,
            staffUserId: input.staffUserId,
            t: input.t,
          },
          log,
        ),
      );
    } catch (error) {
      // Refunded in full meanwhile (another click): nothing left on that order.
      if (!(error instanceof AppError && error.code === 'ORDER_NOT_REFUNDABLE')) throw error;
    }
  }
  if (refunded.length === 0)
    throw new AppError('ORDER_NOT_REFUNDABLE', undefined, input.t('admin:refunds.errors.clientNothingLeft'));
  const total = refunded.reduce((sum, r) => sum + r.amountCents, 0);
  return {
    refunds: refunded,
    message: input.t('admin:refunds.messages.client', { count: refunded.length, amount: money(total) }),
  };
};

/**
 * Sends a failed refund again under the same key `refund-<id>`, so the provider can never pay it twice. Still
 * checked against what is left: another refund may have used the room it left when it failed.
 */
export const retryRefund = async (
  deps: StaffRefundDeps,
  input: { orderId: string; refundId: string; staffUserId: string; t: TFunction },
  log: FastifyBaseLogger,
) => {
  const { t } = input;
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    const current = await getStaffRefund(tx, input.refundId);
    if (!order || current?.refund.orderId !== order.id) throw new AppError('NOT_FOUND');
    const { refund } = current;
    if (refund.status === 'succeeded')
      throw new AppError('REFUND_ALREADY_SUCCEEDED', undefined, t('admin:refunds.errors.alreadySucceeded'));
    if (refund.status === 'pending')
      throw new AppError('REFUND_NOT_RETRIABLE', undefined, t('admin:refunds.errors.stillPending'));
    const refundedCents = await sumRefundedOfOrder(tx, order.id);
    if (refundedCents + refund.amountCents > order.totalCents)
      throw new AppError(
        'REFUND_ABOVE_REFUNDABLE',
        undefined,
        t('admin:refunds.errors.aboveRefundable', {
          max: money(Math.max(0, order.totalCents - refundedCents)),
        }),
      );
    // The provider's id of a refund it refused is dropped so the same key is sent again.
    await updateRefund(tx, refund.id, { status: 'pending', error: null, errorCode: null, providerRef: null });
    await recordOrderEvent(tx, order.id, {
      kind: 'staff_action',
      actor: 'staff',
      staffUserId: input.staffUserId,
      detail: { action: 'refund_retry', reason: null },
    });
    await recordChange(tx, {
      staffUserId: input.staffUserId,
      action: 'order.refund-retry',
      entityType: 'order',
      entityId: order.id,
      before: { refundId: refund.id, status: 'failed', error: refund.error, errorCode: refund.errorCode },
      after: { refundId: refund.id, status: 'pending' },
    });
  });
  await sendRefund(deps, input.refundId, log);
  const row = await getStaffRefund(deps.db, input.refundId);
  if (!row) throw new AppError('NOT_FOUND');
  const refund = toStaffRefund(row);
  return { refund, message: messageFor(t, refund) };
};

export const listStaffRefunds = async (deps: { db: Db }, query: StaffRefundsQuery) => {
  const { rows, total } = await listRefunds(deps.db, query, query);
  return toPaged(query, total, rows.map(toStaffRefund));
};

const columns: CsvColumn<StaffRefund>[] = [
  { header: 'createdAt', value: (r) => r.createdAt },
  { header: 'orderNumber', value: (r) => r.orderNumber },
  { header: 'buyerEmail', value: (r) => r.buyerEmail },
  { header: 'kind', value: (r) => r.kind },
  { header: 'status', value: (r) => r.status },
  { header: 'amountCents', value: (r) => r.amountCents },
  { header: 'providerCostRecoveredCents', value: (r) => r.providerCostRecoveredCents },
  { header: 'netLossCents', value: (r) => r.netLossCents },
  { header: 'errorCode', value: (r) => r.errorCode },
  { header: 'error', value: (r) => r.error },
  { header: 'reason', value: (r) => r.reason },
  { header: 'policyOverrideReason', value: (r) => r.policyOverrideReason },
  { header: 'staffName', value: (r) => r.staffName },
];

export const exportStaffRefunds = (deps: { db: Db }, query: StaffRefundsCsvQuery) =>
  csvStream(
    columns,
    (async function* () {
      for await (const batch of streamRefunds(deps.db, query)) yield batch.map(toStaffRefund);
    })(),
  );
