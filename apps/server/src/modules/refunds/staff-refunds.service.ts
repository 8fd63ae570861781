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
import { AppError } from '../../lib/app-error';
import { type CsvColumn, csvStream } from '../../lib/csv';
import { toPaged } from '../../lib/list-query';
import { recordChange } from '../audit/audit.repository';
import { getShopBalances } from '../credits/credits.repository';
import { refundPurchaseShare, spentOnPurchase, takeBackTopUp } from '../credits/credits.service';
import { cancelPackagesOfOrder, type EsimCancelDeps } from '../esims/esim-cancel.service';
import {
  getGiftCardOfOrder,
  getPaidRedemptionOfOrder,
  holdRevocation,
  lockGiftCard,
  refundOntoGiftCard,
} from '../gift-cards/gift-cards.repository';
import { lockGiftEsim } from '../gift-esims/gift-esims.repository';
import { recordOrderEvent } from '../order-timeline/order-timeline.repository';
import { getGeneralOptions } from '../settings/settings.repository';
import {
  largestFitting,
  retryKeyVersion,
  splitByBuckets,
  splitCardAndGiftCard,
  topUpTakeBack,
} from './refund-plan';
import { type RefundDeps, sendRefund } from './refund-sending.service';
import { settleRefund } from './refund-settlement';
import {
  getOrderForRefund,
  getPaidCharge,
  getRefund,
  insertRefund,
  lockOrderForRefund,
  type RefundOrderRow,
  type RefundRow,
  sumOutstandingRefundsOfOrder,
  sumRefundedOfCharge,
  sumRefundedToGiftCard,
  transitionRefund,
  updateRefund,
} from './refunds.repository';
import {
  clientExists,
  findRecentSameRefund,
  getStaffRefund,
  listPackagesOfOrder,
  listRefundableOrderIdsOfClient,
  listRefunds,
  listStaffRefundsOfOrder,
  type StaffRefundRow,
  streamRefunds,
} from './staff-refunds.repository';

export type StaffRefundDeps = RefundDeps & EsimCancelDeps;

/** Orders whose money may go back: paid through us (card, gift card, shop credits), whatever happened after. */
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

const policyOf = async (db: Db, order: RefundOrderRow, packagesOfOrder: PackageOfOrder[]) => {
  const { refundFullIfNotInstalledDays: days } = await getGeneralOptions(db);
  const installed = packagesOfOrder.some((p) => !isPackageUnused(p) && p.esimPackage.status !== 'deleted');
  return { days, verdict: refundPolicyVerdict({ paidAt: order.paidAt, installed, days }) };
};

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * Where an order's money can go back, and how much of it (ADR 0090): a shop's purchase to its credit buckets; a
 * shop's credit top-up to the card, taking its credit and bonus back; a gift card's purchase to the card, taking
 * the amount off the gift card; anything else to its card charge first and then to the gift card that paid the
 * rest. Read under the order's lock when a refund is made.
 */
type Sources =
  | { kind: 'shop_credits'; spent: { creditCents: number; bonusCents: number } }
  | {
      kind: 'top_up';
      chargeId: string | null;
      cardLeftCents: number;
      shop: { creditCents: number; bonusCents: number } | undefined;
    }
  | {
      kind: 'gift_card_purchase';
      chargeId: string | null;
      cardLeftCents: number;
      giftCard: { id: string; unspentCents: number } | undefined;
    }
  | {
      kind: 'card_and_gift_card';
      chargeId: string | null;
      cardLeftCents: number;
      giftCard: { id: string; leftCents: number } | undefined;
    };

const sourcesOf = async (
  db: Db,
  provider: string,
  order: RefundOrderRow,
  { exceptRefundId, lock = false }: { exceptRefundId?: string; lock?: boolean } = {},
): Promise<Sources> => {
  if (order.paymentMethod === 'credits')
    return { kind: 'shop_credits', spent: await spentOnPurchase(db, order.id) };
  const charge = await getPaidCharge(db, order.id, provider);
  const chargeId = charge?.id ?? null;
  const cardLeftCents = charge
    ? charge.amountCents - (await sumRefundedOfCharge(db, charge.id, exceptRefundId))
    : 0;
  if (order.kind === 'credits')
    return {
      kind: 'top_up',
      chargeId,
      cardLeftCents,
      shop: order.shopId ? await getShopBalances(db, order.shopId) : undefined,
    };
  if (order.kind === 'gift_card') {
    const found = await getGiftCardOfOrder(db, order.id);
    // Locked for a refund: what is unspent stays so until the refund has taken it (a refund of an order the card
    // paid may put money back on it at the same moment).
    const card = found && lock ? await lockGiftCard(db, found.id) : found;
    return {
      kind: 'gift_card_purchase',
      chargeId,
      cardLeftCents,
      giftCard: card
        ? { id: card.id, unspentCents: card.status === 'active' ? card.balanceCents : 0 }
        : undefined,
    };
  }
  const redemption = await getPaidRedemptionOfOrder(db, order.id);
  return {
    kind: 'card_and_gift_card',
    chargeId,
    cardLeftCents,
    giftCard: redemption
      ? {
          id: redemption.giftCardId,
          leftCents: redemption.amountCents - (await sumRefundedToGiftCard(db, order.id)),
        }
      : undefined,
  };
};

/** The most a refund of the order may give back now, `leftCents` being its price less what is on its way back. */
const maxRefundOf = (
  order: RefundOrderRow,
  sources: Sources,
  leftCents: number,
  outstandingCents: number,
): number => {
  switch (sources.kind) {
    case 'shop_credits':
      return leftCents;
    case 'card_and_gift_card':
      return Math.min(
        leftCents,
        Math.max(0, sources.cardLeftCents) + Math.max(0, sources.giftCard?.leftCents ?? 0),
      );
    case 'gift_card_purchase':
      return Math.max(0, Math.min(leftCents, sources.cardLeftCents, sources.giftCard?.unspentCents ?? 0));
    case 'top_up': {
      const { shop } = sources;
      if (!shop) return 0;
      const topUp = { totalCents: order.totalCents, bonusCents: order.bonusCents ?? 0 };
      return largestFitting(
        Math.min(leftCents, sources.cardLeftCents),
        (amount) => topUpTakeBack(amount, topUp, outstandingCents, shop) !== null,
      );
    }
  }
};

/** Why a refund of this size cannot be made now, or null. */
const refusalOf = (
  order: RefundOrderRow,
  sources: Sources,
  input: { amountCents: number; leftCents: number; maxCents: number; kind: RefundKind },
  t: TFunction,
) => {
  if (input.leftCents <= 0)
    return new AppError('ORDER_NOT_REFUNDABLE', undefined, t('admin:refunds.errors.nothingLeft'));
  // Still being carried out: a partial refund leaves the delivery alone; all of it, or a cancelled eSIM, waits.
  const cancelling = (packageCancellingRefundKinds as readonly string[]).includes(input.kind);
  if (order.fulfilmentStatus === 'paid' && (cancelling || input.amountCents >= input.leftCents))
    return new AppError(
      'ORDER_BEING_FULFILLED',
      undefined,
      t('admin:refunds.errors.beingCarriedOut', { number: order.number }),
    );
  if (input.amountCents <= input.maxCents) return null;
  const max = money(input.maxCents);
  if (sources.kind === 'gift_card_purchase')
    return new AppError(
      'REFUND_ABOVE_REFUNDABLE',
      undefined,
      t('admin:refunds.errors.giftCardSpent', { max }),
    );
  if (sources.kind === 'top_up')
    return new AppError('REFUND_ABOVE_REFUNDABLE', undefined, t('admin:refunds.errors.topUpSpent', { max }));
  return new AppError(
    'REFUND_ABOVE_REFUNDABLE',
    undefined,
    t('admin:refunds.errors.aboveRefundable', { max }),
  );
};

const isRefundable = (order: RefundOrderRow) =>
  order.paidAt !== null && refundableMethods.has(order.paymentMethod);

/** What the refund action shows beside an order. */
export const getRefundQuote = async (deps: StaffRefundDeps, orderId: string): Promise<OrderRefundQuote> => {
  const order = await currentOrder(deps.db, orderId);
  const [outstandingCents, packagesOfOrder, rows, sources] = await Promise.all([
    sumOutstandingRefundsOfOrder(deps.db, orderId),
    listPackagesOfOrder(deps.db, orderId),
    listStaffRefundsOfOrder(deps.db, orderId),
    sourcesOf(deps.db, deps.payments.name, order),
  ]);
  const leftCents = Math.max(0, order.totalCents - outstandingCents);
  const refundableCents = isRefundable(order) ? maxRefundOf(order, sources, leftCents, outstandingCents) : 0;
  return {
    orderId: order.id,
    orderNumber: order.number,
    orderStatus: order.status,
    fulfilmentStatus: order.fulfilmentStatus,
    paymentMethod: order.paymentMethod,
    refundable: refundableCents > 0,
    paidCents: order.totalCents,
    refundedCents: outstandingCents,
    refundableCents,
    policy: await policyOf(deps.db, order, packagesOfOrder),
    packageCostCents: packagesOfOrder.reduce((sum, p) => sum + wholesaleOf(p.esimPackage.snapshot), 0),
    packageUnused: packagesOfOrder.length > 0 && packagesOfOrder.every(isPackageUnused),
    refunds: rows.map(toStaffRefund),
  };
};

/** The order as it is now (the quote, the client refund's first look); 404 when there is none. */
const currentOrder = async (db: Db, orderId: string) => {
  const order = await getOrderForRefund(db, orderId);
  if (!order) throw new AppError('NOT_FOUND');
  return order;
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
 * A gift eSIM refunded in full before its recipient claimed it will be used by nobody (its claim is refused from
 * now on, ADR 0091): its profile is cancelled at the provider too, so its cost comes back, unless the recipient
 * installed it from the e-mail already (then it keeps working). The gift's row lock orders this with a claim.
 */
const cancelUnclaimedGift = async (
  deps: StaffRefundDeps,
  tx: Db,
  order: RefundOrderRow,
  input: RefundInput & { amountCents: number; leftCents: number },
) => {
  if (order.kind !== 'gift_esim' || input.amountCents < input.leftCents) return 0;
  const gift = await lockGiftEsim(tx, order.id);
  if (!gift || gift.claimedAt) return 0;
  try {
    return await cancelPackagesOfOrder(deps, tx, order, input);
  } catch (error) {
    if (error instanceof AppError && error.code === 'ESIM_PACKAGE_NOT_CANCELLABLE') return 0;
    throw error;
  }
};

/** A refund row of a staff refund, recorded pending; parts given back at once are settled by the caller. */
type Part = { cents: number; paymentId: string | null };

/**
 * Records where a refund's money goes, per destination (ADR 0090), in the refund's transaction: the card's part
 * pending (sent after commit), a gift card's part put back on the card at once, a shop's credits back to their
 * buckets at once; a top-up's credit and a gift card purchase's balance taken back while the card refund is on its
 * way. Answers the rows and which of them go to the provider.
 */
const recordParts = async (
  deps: StaffRefundDeps,
  tx: Db,
  order: RefundOrderRow,
  sources: Sources,
  input: RefundInput & { amountCents: number; outstandingCents: number; recoveredCents: number },
) => {
  const row = (part: Part, first: boolean) =>
    insertRefund(tx, {
      orderId: order.id,
      paymentId: part.paymentId,
      amountCents: part.cents,
      kind: input.kind,
      status: 'pending',
      staffUserId: input.staffUserId,
      reason: input.reason,
      policyOverrideReason: input.policyOverrideReason ?? null,
      // The package's cost is recovered once, on the refund's first row.
      providerCostRecoveredCents: first ? input.recoveredCents : 0,
    });
  const settle = (refund: RefundRow) =>
    settleRefund(tx, deps, refund.id, order.id, { status: 'succeeded', actor: 'staff' });
  const { t } = input;
  const noCharge = () => new AppError('ORDER_NOT_REFUNDABLE', undefined, t('admin:refunds.errors.noCharge'));

  switch (sources.kind) {
    case 'shop_credits': {
      if (!order.shopId) throw noCharge();
      const refund = await row({ cents: input.amountCents, paymentId: null }, true);
      await refundPurchaseShare(tx, {
        shopId: order.shopId,
        orderId: order.id,
        refundId: refund.id,
        userId: input.staffUserId,
        note: input.reason,
        ...splitByBuckets(input.amountCents, sources.spent, input.outstandingCents),
      });
      await settle(refund);
      return { refunds: [refund], toSend: [] };
    }
    case 'top_up':
    case 'gift_card_purchase': {
      if (!sources.chargeId) throw noCharge();
      const refund = await row({ cents: input.amountCents, paymentId: sources.chargeId }, true);
      await holdBack(tx, order, sources, refund, input.outstandingCents, t);
      return { refunds: [refund], toSend: [refund.id] };
    }
    case 'card_and_gift_card': {
      const split = splitCardAndGiftCard(input.amountCents, {
        cardCents: sources.chargeId ? sources.cardLeftCents : 0,
        giftCardCents: sources.giftCard?.leftCents ?? 0,
      });
      if (!split) throw noCharge();
      const refunds: RefundRow[] = [];
      const toSend: string[] = [];
      if (split.cardCents > 0 && sources.chargeId) {
        const refund = await row({ cents: split.cardCents, paymentId: sources.chargeId }, true);
        refunds.push(refund);
        toSend.push(refund.id);
      }
      if (split.giftCardCents > 0 && sources.giftCard) {
        const refund = await row({ cents: split.giftCardCents, paymentId: null }, refunds.length === 0);
        // The card's history records the refund beside its redemptions (ADR 0080).
        await refundOntoGiftCard(tx, {
          giftCardId: sources.giftCard.id,
          orderId: order.id,
          refundId: refund.id,
          amountCents: split.giftCardCents,
        });
        await settle(refund);
        refunds.push(refund);
      }
      return { refunds, toSend };
    }
  }
};

/**
 * One refund of one order, under the order's row lock so two staff clicking at once can never give back more
 * than was paid (pending and succeeded refunds count). The order's shown status follows the refunds that
 * succeed (ADR 0090); card parts are sent after commit.
 */
const refundOne = async (deps: StaffRefundDeps, input: RefundInput, log: FastifyBaseLogger) => {
  const { t } = input;
  const outcome = await deps.db.transaction(async (tx) => {
    const order = await lockOrderForRefund(tx, input.orderId);
    if (!order) throw new AppError('NOT_FOUND');
    if (!isRefundable(order))
      throw new AppError('ORDER_NOT_REFUNDABLE', undefined, t('admin:refunds.errors.notRefundable'));
    const outstandingCents = await sumOutstandingRefundsOfOrder(tx, order.id);
    const leftCents = order.totalCents - outstandingCents;
    const sources = await sourcesOf(tx, deps.payments.name, order, { lock: true });
    const maxCents = Math.max(0, maxRefundOf(order, sources, leftCents, outstandingCents));
    const amountCents = input.amountCents === 'full' ? maxCents : input.amountCents;
    const sameAsBefore = await findRecentSameRefund(tx, { ...input, amountCents }, doubleClickSeconds);
    if (sameAsBefore) return { refundId: sameAsBefore.id, toSend: [] as string[] };
    const refusal = refusalOf(order, sources, { amountCents, leftCents, maxCents, kind: input.kind }, t);
    if (refusal) throw refusal;
    if (amountCents <= 0)
      throw new AppError('ORDER_NOT_REFUNDABLE', undefined, t('admin:refunds.errors.nothingLeft'));
    const policy = await policyOf(tx, order, await listPackagesOfOrder(tx, order.id));
    if (policy.verdict !== 'qualifies' && !input.policyOverrideReason)
      throw new AppError(
        'REFUND_POLICY_OVERRIDE_REQUIRED',
        undefined,
        t(`admin:refunds.errors.policy.${policy.verdict}`, { days: policy.days }),
      );
    const recoveredCents = (packageCancellingRefundKinds as readonly string[]).includes(input.kind)
      ? await cancelPackagesOfOrder(deps, tx, order, input)
      : await cancelUnclaimedGift(deps, tx, order, { ...input, amountCents, leftCents });
    const parts = await recordParts(deps, tx, order, sources, {
      ...input,
      amountCents,
      outstandingCents,
      recoveredCents,
    });
    for (const id of parts.toSend) {
      const sent = parts.refunds.find((r) => r.id === id);
      await recordOrderEvent(tx, order.id, {
        kind: 'refund',
        actor: 'staff',
        staffUserId: input.staffUserId,
        detail: { kind: input.kind, status: 'pending', amountCents: sent?.amountCents ?? amountCents },
      });
    }
    const first = parts.refunds[0];
    if (!first) throw new AppError('ORDER_NOT_REFUNDABLE', undefined, t('admin:refunds.errors.noCharge'));
    await recordChange(tx, {
      staffUserId: input.staffUserId,
      action: 'order.refund',
      entityType: 'order',
      entityId: order.id,
      before: { status: order.status, refundedCents: outstandingCents },
      after: {
        refundedCents: outstandingCents + amountCents,
        refundId: first.id,
        kind: input.kind,
        reason: input.reason,
        policyOverrideReason: input.policyOverrideReason ?? null,
      },
    });
    return { refundId: first.id, toSend: parts.toSend };
  });
  for (const id of outcome.toSend) await sendRefund(deps, id, log);
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

/**
 * Every refundable order of a client, each its own refund of what is left (kind `full_client`), whatever paid it.
 * The policy is checked for all of them first, so a missing override refunds nothing rather than some; orders
 * still being carried out are named in the answer, to refund once they have finished.
 */
export const refundClient = async (
  deps: StaffRefundDeps,
  input: { clientId: string; body: ClientRefundBody; staffUserId: string; t: TFunction },
  log: FastifyBaseLogger,
) => {
  const { t } = input;
  if (!(await clientExists(deps.db, input.clientId))) throw new AppError('NOT_FOUND');
  const orderIds = await listRefundableOrderIdsOfClient(deps.db, input.clientId);
  if (!input.body.policyOverrideReason)
    for (const orderId of orderIds) {
      const order = await currentOrder(deps.db, orderId);
      const policy = await policyOf(deps.db, order, await listPackagesOfOrder(deps.db, orderId));
      if (policy.verdict !== 'qualifies')
        throw new AppError(
          'REFUND_POLICY_OVERRIDE_REQUIRED',
          undefined,
          t(`admin:refunds.errors.policy.${policy.verdict}`, { days: policy.days }),
        );
    }
  const refunded = new Map<string, StaffRefund>();
  const waiting = new Set<string>();
  // A refund of an order a gift card paid puts money back on that card, which makes the card's own purchase
  // refundable again: another pass gives that back too, until a pass finds nothing new (at most three).
  for (let pass = 0; pass < 3; pass++) {
    const before = refunded.size;
    const ids = pass === 0 ? orderIds : await listRefundableOrderIdsOfClient(deps.db, input.clientId);
    for (const orderId of ids) {
      try {
        const refund = await refundOne(
          deps,
          {
            orderId,
            kind: 'full_client',
            amountCents: 'full',
            reason: input.body.reason,
            policyOverrideReason: input.body.policyOverrideReason,
            staffUserId: input.staffUserId,
            t,
          },
          log,
        );
        refunded.set(refund.id, refund);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.code === 'ORDER_BEING_FULFILLED')
          waiting.add((await currentOrder(deps.db, orderId)).number);
        // Nothing left on it (refunded meanwhile, or what is left cannot go back): nothing to do there.
        else if (error.code !== 'ORDER_NOT_REFUNDABLE' && error.code !== 'REFUND_ABOVE_REFUNDABLE')
          throw error;
      }
    }
    if (refunded.size === before) break;
  }
  const numbers = [...waiting].join(', ');
  if (refunded.size === 0)
    throw new AppError(
      'ORDER_NOT_REFUNDABLE',
      undefined,
      waiting.size > 0
        ? t('admin:refunds.errors.clientOnlyWaiting', { numbers })
        : t('admin:refunds.errors.clientNothingLeft'),
    );
  const refunds = [...refunded.values()];
  const total = refunds.reduce((sum, r) => sum + r.amountCents, 0);
  const orders = new Set(refunds.map((r) => r.orderId)).size;
  const done = t('admin:refunds.messages.client', { count: orders, amount: money(total) });
  return {
    refunds,
    message: waiting.size > 0 ? `${done} ${t('admin:refunds.messages.clientWaiting', { numbers })}` : done,
  };
};

/**
 * Sends a failed refund again. Checked against what is left now (another refund may have used the room it left
 * when it failed) and split like a new refund: the card takes what its charge still has, the gift card that paid
 * the rest takes the rest. The same key while the provider's answer was unknown (it may have paid: it must not pay
 * twice), a new one after it refused (it would replay its refusal).
 */
export const retryRefund = async (
  deps: StaffRefundDeps,
  input: { orderId: string; refundId: string; staffUserId: string; t: TFunction },
  log: FastifyBaseLogger,
) => {
  const { t } = input;
  const toSend = await deps.db.transaction(async (tx) => {
    const order = await lockOrderForRefund(tx, input.orderId);
    const refund = await getRefund(tx, input.refundId);
    if (!order || refund?.orderId !== order.id) throw new AppError('NOT_FOUND');
    if (refund.status === 'succeeded')
      throw new AppError('REFUND_ALREADY_SUCCEEDED', undefined, t('admin:refunds.errors.alreadySucceeded'));
    if (refund.status === 'pending')
      throw new AppError('REFUND_NOT_RETRIABLE', undefined, t('admin:refunds.errors.stillPending'));
    const outstandingCents = await sumOutstandingRefundsOfOrder(tx, order.id);
    const leftCents = order.totalCents - outstandingCents;
    const sources = await sourcesOf(tx, deps.payments.name, order, { exceptRefundId: refund.id, lock: true });
    const maxCents = Math.max(0, maxRefundOf(order, sources, leftCents, outstandingCents));
    const amountCents = Math.min(refund.amountCents, maxCents);
    if (amountCents <= 0)
      throw new AppError('ORDER_NOT_REFUNDABLE', undefined, t('admin:refunds.errors.nothingLeft'));
    const split =
      sources.kind === 'card_and_gift_card'
        ? splitCardAndGiftCard(amountCents, {
            cardCents: sources.chargeId ? sources.cardLeftCents : 0,
            giftCardCents: sources.giftCard?.leftCents ?? 0,
          })
        : { cardCents: amountCents, giftCardCents: 0 };
    if (!split) throw new AppError('ORDER_NOT_REFUNDABLE', undefined, t('admin:refunds.errors.noCharge'));
    const keyVersion = retryKeyVersion(refund);
    const sends: string[] = [];
    if (split.cardCents > 0) {
      await updateRefund(tx, refund.id, { amountCents: split.cardCents, keyVersion, providerRef: null });
      await transitionRefund(tx, refund.id, ['failed'], 'pending', { error: null, errorCode: null });
      await holdBack(tx, order, sources, { ...refund, amountCents: split.cardCents }, outstandingCents, t);
      sends.push(refund.id);
    }
    if (split.giftCardCents > 0 && sources.kind === 'card_and_gift_card' && sources.giftCard) {
      // What the charge cannot take goes back onto the gift card: this refund itself when the card takes nothing.
      const giftRefund =
        split.cardCents > 0
          ? await insertRefund(tx, {
              orderId: order.id,
              paymentId: null,
              amountCents: split.giftCardCents,
              kind: refund.kind,
              status: 'pending',
              staffUserId: input.staffUserId,
              reason: refund.reason,
              policyOverrideReason: refund.policyOverrideReason,
            })
          : refund;
      if (giftRefund.id === refund.id) {
        await updateRefund(tx, refund.id, {
          amountCents: split.giftCardCents,
          paymentId: null,
          providerRef: null,
        });
        await transitionRefund(tx, refund.id, ['failed'], 'pending', { error: null, errorCode: null });
      }
      await refundOntoGiftCard(tx, {
        giftCardId: sources.giftCard.id,
        orderId: order.id,
        refundId: giftRefund.id,
        amountCents: split.giftCardCents,
      });
      await settleRefund(tx, deps, giftRefund.id, order.id, { status: 'succeeded', actor: 'staff' });
    }
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
      after: { refundId: refund.id, status: 'pending', ...split },
    });
    return sends;
  });
  for (const id of toSend) await sendRefund(deps, id, log);
  const row = await getStaffRefund(deps.db, input.refundId);
  if (!row) throw new AppError('NOT_FOUND');
  const refund = toStaffRefund(row);
  return { refund, message: messageFor(t, refund) };
};

/**
 * A card refund of a top-up or of a gift card's purchase holds back what it gives back while it is on its way (the
 * shop's credit and bonus, the card's unspent balance): when it is made, and again when a failed one is retried.
 */
const holdBack = async (
  tx: Db,
  order: RefundOrderRow,
  sources: Sources,
  refund: RefundRow,
  outstandingCents: number,
  t: TFunction,
) => {
  const spent = (key: 'giftCardSpent' | 'topUpSpent') =>
    new AppError('REFUND_ABOVE_REFUNDABLE', undefined, t(`admin:refunds.errors.${key}`, { max: '0.00' }));
  if (sources.kind === 'gift_card_purchase') {
    const held =
      sources.giftCard &&
      (await holdRevocation(tx, {
        giftCardId: sources.giftCard.id,
        orderId: order.id,
        refundId: refund.id,
        amountCents: refund.amountCents,
      }));
    if (!held) throw spent('giftCardSpent');
  }
  if (sources.kind === 'top_up') {
    const { shop } = sources;
    const share =
      shop && order.shopId
        ? topUpTakeBack(
            refund.amountCents,
            { totalCents: order.totalCents, bonusCents: order.bonusCents ?? 0 },
            outstandingCents,
            shop,
          )
        : null;
    const taken =
      share &&
      order.shopId &&
      (await takeBackTopUp(tx, { shopId: order.shopId, orderId: order.id, refundId: refund.id, ...share }));
    if (!taken) throw spent('topUpSpent');
  }
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
