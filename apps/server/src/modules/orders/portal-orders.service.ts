import type { Locale } from '@esim/contracts';
import { esimAllows } from '@esim/contracts/esim-lifecycle';
import {
  type Balances,
  type CreatePortalPurchaseBody,
  type CreatePortalRefillBody,
  type PortalOrder,
  type PortalOrdersCsvQuery,
  type PortalOrdersQuery,
  suggestedRetailCents,
  type TopUpQuote,
  topUpBonusCents,
} from '@esim/contracts/portal';
import type {
  CreatePortalEsimChangeBody,
  PortalChangeQuote,
  PortalOrderStatus,
} from '@esim/contracts/portal-subscribers';
import { type Db, packageSnapshotOf } from '@esim/db';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { type CsvColumn, csvStream } from '../../lib/csv';
import { toPaged } from '../../lib/list-query';
import type { UserRow } from '../auth/auth.repository';
import {
  findPackageById,
  findSellablePackageBySlug,
  listSellablePackages,
  type PackageRow,
} from '../catalogue/catalogue.repository';
import { toResellerPackage } from '../catalogue/package-price';
import { getShopBalances, getShopBonusTiers } from '../credits/credits.repository';
import {
  debitPurchase,
  insufficientCredit,
  lockShopForPurchase,
  splitSpend,
  toBalances,
} from '../credits/credits.service';
import { queueLowBalanceMail } from '../credits/low-balance-mail';
import { assertEsimAllows } from '../esims/esim-lifecycle';
import {
  findOriginalPackage,
  getEsim,
  getEsimForOrder,
  listMovablePackages,
  lockEsim,
} from '../esims/esims.repository';
import {
  destinationOf,
  fitsEsim,
  shopSubscriberEsim,
  toPortalEsimInstall,
  usableEsim,
} from '../esims/esims.service';
import { getGeneralOptions } from '../settings/settings.repository';
import {
  getSubscriber,
  insertSubscriber,
  listSubscribersByIds,
  type SubscriberRow,
} from '../subscribers/subscribers.repository';
import { type CheckoutDeps, insertNumberedOrder, isUniqueViolation, openCheckout } from './checkout.service';
import { checkConfirmedPrice } from './confirmed-price';
import { findEsimChangeBlocker } from './order-conflicts.repository';
import { renderOrderInvoice } from './order-invoice';
import { createOrderNumber } from './order-number';
import {
  findPaymentBySession,
  findShopOrderByKey,
  getOrder,
  insertOrder,
  listOrders,
  type OrderFilters,
  type OrderRow,
  packageNameOf,
  streamOrders,
} from './orders.repository';
import { settleReturnedSession } from './payment-reconciliation.service';

/**
 * The reseller portal's orders (issue 11): credit top-ups paid by card through the payments port, and purchases
 * for subscribers paid by credits that go through the same order and fulfilment as checkout (ADR 0019).
 */

const topUpName = (deps: Pick<CheckoutDeps, 'i18n'>, locale: Locale) =>
  deps.i18n.fixedT(locale, 'common')('portal.topUpName');

/** The bonus a top-up of this amount earns now; below the minimum (settings, 200 EUR) SPEC's message. */
export const quoteTopUp = async (
  deps: { db: Db },
  shopId: string,
  amountCents: number,
): Promise<TopUpQuote> => {
  const [options, ownTiers] = await Promise.all([
    getGeneralOptions(deps.db),
    getShopBonusTiers(deps.db, shopId),
  ]);
  if (amountCents < options.minimumTopUpCents)
    throw new AppError('TOP_UP_BELOW_MINIMUM', { amountCents: ['errors.TOP_UP_BELOW_MINIMUM'] });
  // A shop's own tiers (set by staff) replace the settings' tiers for it.
  const bonusCents = topUpBonusCents(amountCents, ownTiers ?? options.topUpBonusTiers);
  return {
    amountCents,
    bonusCents,
    creditedCents: amountCents + bonusCents,
    minimumCents: options.minimumTopUpCents,
    currency: 'EUR',
  };
};

/**
 * A credit top-up: an order of kind `credits` carrying the bonus quoted now (credited exactly so when paid),
 * and a card checkout through the payments port, exactly like checkout. The provider returns the shop user to
 * the portal's top-up page.
 */
export const createTopUpOrder = async (
  deps: CheckoutDeps,
  input: { shopId: string; user: UserRow; amountCents: number; locale: Locale; idempotencyKey?: string },
  log: FastifyBaseLogger,
) => {
  const quote = await quoteTopUp(deps, input.shopId, input.amountCents);
  const key = input.idempotencyKey;
  // A double click or a retried request: the same order (ADR 0020), never a second one.
  const earlier = key ? await findShopOrderByKey(deps.db, input.shopId, key) : undefined;
  if (earlier) return reopenTopUp(deps, earlier, log);
  let order: OrderRow;
  try {
    order = await insertNumberedTopUp(deps, input, quote, key);
  } catch (error) {
    if (!key || !isUniqueViolation(error, 'orders_shop_idempotency')) throw error;
    const first = await findShopOrderByKey(deps.db, input.shopId, key);
    if (!first) throw error;
    return reopenTopUp(deps, first, log);
  }
  const checkoutUrl = await openCheckout(deps, order, '', log, {
    returnUrls: topUpReturnUrls(deps, order),
    othersOpen: 'none',
  });
  return { ...quote, orderId: order.id, number: order.number, checkoutUrl };
};

const topUpReturnUrls = (deps: Pick<CheckoutDeps, 'config'>, order: OrderRow) => {
  const back = `${deps.config.siteUrl}/portal/top-up`;
  return {
    success: `${back}/return?order=${order.id}&session_id={SESSION_ID}`,
    cancel: `${back}?order=${order.id}&cancelled=1`,
  };
};

/**
 * The answer for a top-up whose key was seen: the same order, with a card page of its own; the page the first
 * request opened stays open (a second payment of one order is refunded automatically, as at checkout). A top-up
 * already paid answers SPEC's "completed earlier".
 */
const reopenTopUp = async (deps: CheckoutDeps, order: OrderRow, log: FastifyBaseLogger) => {
  if (order.kind !== 'credits') throw new AppError('VALIDATION_FAILED', { idempotencyKey: ['invalid'] });
  if (order.status !== 'pending') throw new AppError('PAYMENT_COMPLETED_EARLIER');
  const checkoutUrl = await openCheckout(deps, order, '', log, {
    returnUrls: topUpReturnUrls(deps, order),
    othersOpen: 'keep',
  });
  const bonusCents = order.bonusCents ?? 0;
  const { minimumTopUpCents } = await getGeneralOptions(deps.db);
  return {
    amountCents: order.totalCents,
    bonusCents,
    creditedCents: order.totalCents + bonusCents,
    minimumCents: minimumTopUpCents,
    currency: 'EUR' as const,
    orderId: order.id,
    number: order.number,
    checkoutUrl,
  };
};

const insertNumberedTopUp = (
  deps: CheckoutDeps,
  input: { shopId: string; user: UserRow; locale: Locale },
  quote: TopUpQuote,
  idempotencyKey: string | undefined,
) =>
  insertNumberedOrder(
    deps,
    {
      idempotencyKey: idempotencyKey ?? null,
      kind: 'credits',
      shopId: input.shopId,
      packageSnapshot: { name: topUpName(deps, input.locale) },
      subtotalCents: quote.amountCents,
      totalCents: quote.amountCents,
      bonusCents: quote.bonusCents,
      paymentMethod: 'card',
      buyerName: `${input.user.firstName} ${input.user.lastName}`.trim(),
      buyerEmail: input.user.email,
      buyerPhone: input.user.phone,
      country: input.user.country,
      locale: input.locale,
    },
    { actor: 'shop' },
  );

/** One of this shop's orders, or 404 (another shop's ids exist for nobody else). */
const getShopOrder = async (deps: { db: Db }, shopId: string, orderId: string) => {
  const order = await getOrder(deps.db, orderId, { shopId });
  if (!order) throw new AppError('NOT_FOUND');
  return order;
};

/**
 * The portal's return from the card page: confirms the payment if the webhook has not (the same single
 * confirmation as checkout), then answers the order as it is now.
 */
export const confirmTopUpReturn = async (
  deps: CheckoutDeps,
  input: { shopId: string; orderId: string; sessionId: string },
  log: FastifyBaseLogger,
) => {
  const order = await getShopOrder(deps, input.shopId, input.orderId);
  const payment = await findPaymentBySession(deps.db, deps.payments.name, input.sessionId);
  if (order.kind !== 'credits' || payment?.orderId !== order.id) throw new AppError('NOT_FOUND');
  if (payment.status !== 'succeeded') await settleReturnedSession(deps, input.sessionId, log, 'shop');
  return toPortalOrder(await getShopOrder(deps, input.shopId, input.orderId), null);
};

/** A paid top-up's numbered receipt (the invoice PDF machinery; the number is the order's). */
export const renderTopUpReceipt = async (
  deps: Pick<CheckoutDeps, 'db' | 'i18n'>,
  input: { shopId: string; orderId: string; locale: Locale },
) => {
  const order = await getShopOrder(deps, input.shopId, input.orderId);
  if (order.kind !== 'credits' || order.fulfilmentStatus !== 'completed')
    throw new AppError('INVOICE_UNAVAILABLE');
  const t = deps.i18n.fixedT(input.locale, 'mail');
  const pdf = await renderOrderInvoice(t, order, await getGeneralOptions(deps.db));
  return { pdf, fileName: `${t('invoice.fileName')}-${order.number}.pdf` };
};

type Retail = { retailPriceCents?: number; resellerPriceCents?: number };

export const toPortalOrder = (
  order: OrderRow,
  subscriber: { id: string; name: string; lastname: string } | null,
): PortalOrder => ({
  id: order.id,
  number: order.number,
  kind: order.kind,
  status: order.status,
  packageName: packageNameOf(order) || null,
  totalCents: order.totalCents,
  bonusCents: order.bonusCents,
  paymentMethod: order.paymentMethod,
  subscriber,
  retailPriceCents: (order.packageSnapshot as Retail | null)?.retailPriceCents ?? null,
  createdAt: order.createdAt.toISOString(),
});

/** What a purchase for a subscriber uses: checkout's dependencies (fulfilment queue, mail, i18n). */
export type PortalPurchaseDeps = Pick<CheckoutDeps, 'db' | 'jobs' | 'mailer' | 'i18n' | 'config'>;

/**
 * A purchase for a subscriber (SPEC section 4, new subscriber wizard), in one transaction: the subscriber (new, or
 * this shop's existing one) and a paid `credits` order priced at the reseller price are written first; then the
 * shop's row is locked and the debit written (ADR 0019), so the lock is held only for the debit and the commit.
 * Not enough credit rolls everything back with the amount missing. A double submit finds the first order by
 * its idempotency key: before the transaction, or, when both arrive at once, through the unique index (the second
 * insert waits for the first transaction and then fails; the first order is answered). After commit the order
 * goes to the same fulfilment job as a checkout order; a final provider failure refunds the credits.
 */
export const createPortalPurchase = async (
  deps: PortalPurchaseDeps,
  input: { shopId: string; userId: string; body: CreatePortalPurchaseBody; locale: Locale },
) => {
  const { body, shopId } = input;
  if (!body.subscriberId && !body.subscriber)
    throw new AppError('VALIDATION_FAILED', { subscriber: ['required'] });
  const earlier = await findShopOrderByKey(deps.db, shopId, body.idempotencyKey);
  if (earlier) return answerOf(deps, shopId, earlier);
  const pkg = await findSellablePackageBySlug(deps.db, body.packageSlug);
  if (!pkg) throw new AppError('NOT_FOUND', { packageSlug: ['errors.NOT_FOUND'] });
  return buyWithCredits(deps, {
    ...input,
    idempotencyKey: body.idempotencyKey,
    expectedTotalCents: body.expectedTotalCents,
    pkg,
    kind: 'esim',
    targetEsimId: null,
    subscriberOf: async (tx) => {
      const subscriber = body.subscriberId
        ? await getSubscriber(tx, shopId, body.subscriberId)
        : await insertSubscriber(tx, { shopId, ...(body.subscriber as NonNullable<typeof body.subscriber>) });
      if (!subscriber) throw new AppError('NOT_FOUND', { subscriberId: ['errors.NOT_FOUND'] });
      return subscriber;
    },
  });
};

/**
 * Refill (SPEC section 2, "refill subscriber"): a package added to one of this shop's subscribers' eSIMs, paid by
 * credits. The same rules as a customer's top-up (same destination, top-up allowed, eSIM not disabled) and the
 * same fulfilment (`kind = topup`: it waits behind the active package or starts now).
 */
export const createPortalRefill = async (
  deps: PortalPurchaseDeps,
  input: { shopId: string; userId: string; esimId: string; body: CreatePortalRefillBody; locale: Locale },
) => {
  const { body, shopId } = input;
  const earlier = await findShopOrderByKey(deps.db, shopId, body.idempotencyKey);
  if (earlier) return answerOf(deps, shopId, earlier);
  const esim = await usableEsim(deps.db, { shopId }, input.esimId, 'topUp');
  const pkg = await findSellablePackageBySlug(deps.db, body.packageSlug);
  if (!pkg) throw new AppError('NOT_FOUND', { packageSlug: ['errors.NOT_FOUND'] });
  if (!fitsEsim(await destinationOf(deps.db, esim), pkg))
    throw new AppError('TOP_UP_NOT_ALLOWED', { packageSlug: ['errors.TOP_UP_NOT_ALLOWED'] });
  return buyWithCredits(deps, {
    ...input,
    idempotencyKey: body.idempotencyKey,
    expectedTotalCents: body.expectedTotalCents,
    pkg,
    kind: 'topup',
    targetEsimId: esim.id,
    subscriberOf: async (tx) => {
      // Under the eSIM's row lock: an eSIM freed or cancelled meanwhile takes no paid refill (ADR 0091).
      const locked = await lockEsim(tx, esim.id);
      if (!locked) throw new AppError('NOT_FOUND');
      assertEsimAllows(locked, 'topUp');
      const subscriber = esim.subscriberId ? await getSubscriber(tx, shopId, esim.subscriberId) : undefined;
      if (!subscriber) throw new AppError('NOT_FOUND');
      return subscriber;
    },
  });
};

/**
 * The purchase transaction both share: subscriber and a paid `credits` order at the reseller price first, then
 * the debit under the shop's lock (ADR 0019); not enough credit rolls everything back with the amount missing; a
 * concurrent double submit answers the first order (unique key). After commit, the checkout fulfilment job.
 */
const buyWithCredits = async (
  deps: PortalPurchaseDeps,
  input: {
    shopId: string;
    userId: string;
    locale: Locale;
    idempotencyKey: string;
    pkg: PackageRow;
    kind: 'esim' | 'topup' | 'change_esim';
    targetEsimId: string | null;
    /** What the shop pays when it is not the package's reseller price (a change of eSIM's fee). */
    priceCents?: number;
    /** The price the wizard's confirm step showed (ADR 0093). */
    expectedTotalCents: number | undefined;
    subscriberOf: (tx: Db) => Promise<SubscriberRow>;
  },
) => {
  const { shopId, pkg } = input;
  const price = input.priceCents ?? pkg.resellerPriceCents;
  if (price === null || price <= 0)
    throw new AppError('PACKAGE_NOT_FOR_RESELLERS', { packageSlug: ['errors.PACKAGE_NOT_FOR_RESELLERS'] });
  // Repriced since the confirm step showed it: said before any debit, with the new price (ADR 0093).
  checkConfirmedPrice({ totalCents: input.expectedTotalCents }, { totalCents: price });
  const shop = await getShopBalances(deps.db, shopId);
  // Clearly not enough (a balance seen a moment ago): no transaction at all. The debit checks again under the lock.
  if (!shop || !splitSpend(price, shop)) {
    const have = (shop?.creditCents ?? 0) + (shop?.bonusCents ?? 0);
    throw insufficientCredit(price - have);
  }
  let result: { order: OrderRow; subscriber: SubscriberRow; balances: Balances };
  try {
    result = await deps.db.transaction(async (tx) => {
      const subscriber = await input.subscriberOf(tx);
      const order = await insertOrder(
        tx,
        {
          number: createOrderNumber(),
          kind: input.kind,
          fulfilmentStatus: 'paid',
          shopId,
          subscriberId: subscriber.id,
          targetEsimId: input.targetEsimId,
          idempotencyKey: input.idempotencyKey,
          packageId: pkg.id,
          packageSnapshot: {
            ...packageSnapshotOf(pkg),
            resellerPriceCents: price,
            retailPriceCents: suggestedRetailCents(price, shop.sellShopPrice),
          },
          subtotalCents: price,
          totalCents: price,
          paymentMethod: 'credits',
          buyerName: `${subscriber.name} ${subscriber.lastname}`,
          buyerEmail: subscriber.email,
          country: subscriber.country,
          locale: input.locale,
          paidAt: new Date(),
        },
        { actor: 'shop', reason: 'paid with credits' },
      );
      const locked = await lockShopForPurchase(tx, shopId);
      if (locked?.status !== 'active') throw new AppError('SHOP_NOT_ACTIVE');
      const after = await debitPurchase(tx, locked, {
        orderId: order.id,
        amountCents: price,
        userId: input.userId,
      });
      if (after.lowBalanceAlert)
        await queueLowBalanceMail(deps, tx, {
          shopId,
          totalCents: after.creditCents + after.bonusCents,
          thresholdCents: locked.lowBalanceThresholdCents ?? 0,
        });
      return { order, subscriber, balances: toBalances(after) };
    });
  } catch (error) {
    if (!isUniqueViolation(error, 'orders_shop_idempotency')) throw error;
    const first = await findShopOrderByKey(deps.db, shopId, input.idempotencyKey);
    if (!first) throw error;
    return answerOf(deps, shopId, first);
  }
  await deps.jobs.enqueueFulfilment(result.order.id);
  const { subscriber } = result;
  return {
    order: toPortalOrder(result.order, {
      id: subscriber.id,
      name: subscriber.name,
      lastname: subscriber.lastname,
    }),
    balances: { ...result.balances, lowBalanceThresholdCents: shop.lowBalanceThresholdCents ?? null },
  };
};

/** The answer for an order that already exists (a double submit): the order and the shop's balances now. */
const answerOf = async (deps: { db: Db }, shopId: string, order: OrderRow) => {
  const [subscriber, balances] = await Promise.all([
    order.subscriberId ? getSubscriber(deps.db, shopId, order.subscriberId) : undefined,
    getShopBalances(deps.db, shopId),
  ]);
  return {
    order: toPortalOrder(
      order,
      subscriber ? { id: subscriber.id, name: subscriber.name, lastname: subscriber.lastname } : null,
    ),
    balances: toBalances(balances ?? { creditCents: 0, bonusCents: 0 }),
  };
};

const dayMs = 86_400_000;
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The shop's scope and the query's filters; a period is whole UTC days, `createdTo` included. */
const portalFiltersOf = (shopId: string, query: PortalOrdersCsvQuery): OrderFilters => {
  const from = query.createdFrom ? startOfDay(query.createdFrom) : undefined;
  const before = query.createdTo ? new Date(startOfDay(query.createdTo).getTime() + dayMs) : undefined;
  if (from && before && before <= from) throw new AppError('VALIDATION_FAILED', { createdTo: ['invalid'] });
  return {
    scope: { shopId },
    kinds: query.kind ? [query.kind] : undefined,
    statuses: query.status ? [query.status] : undefined,
    q: query.q,
    createdFrom: from,
    createdBefore: before,
    sort: query.sort,
  };
};

/** Orders with their subscriber's name (one read for the page's subscribers). */
const withSubscribers = async (db: Db, shopId: string, rows: { order: OrderRow }[]) => {
  const ids = [...new Set(rows.flatMap((r) => (r.order.subscriberId ? [r.order.subscriberId] : [])))];
  const byId = new Map((await listSubscribersByIds(db, shopId, ids)).map((s) => [s.id, s]));
  return rows.map((r) => {
    const s = r.order.subscriberId ? byId.get(r.order.subscriberId) : undefined;
    return toPortalOrder(r.order, s ? { id: s.id, name: s.name, lastname: s.lastname } : null);
  });
};

/** Every order of the shop (purchases, top-ups), through the one order list with the shop's scope. */
export const listPortalOrders = async (deps: { db: Db }, shopId: string, query: PortalOrdersQuery) => {
  const { total, rows } = await listOrders(deps.db, portalFiltersOf(shopId, query), query);
  return toPaged(query, total, await withSubscribers(deps.db, shopId, rows));
};

const orderColumns: CsvColumn<PortalOrder>[] = [
  { header: 'number', value: (o) => o.number },
  { header: 'createdAt', value: (o) => o.createdAt },
  { header: 'kind', value: (o) => o.kind },
  { header: 'status', value: (o) => o.status },
  { header: 'packageName', value: (o) => o.packageName },
  {
    header: 'subscriber',
    value: (o) => (o.subscriber ? `${o.subscriber.name} ${o.subscriber.lastname}` : null),
  },
  { header: 'paymentMethod', value: (o) => o.paymentMethod },
  { header: 'totalCents', value: (o) => o.totalCents },
  { header: 'bonusCents', value: (o) => o.bonusCents },
  { header: 'retailPriceCents', value: (o) => o.retailPriceCents },
];

/** The whole filtered list as CSV, streamed a batch at a time (the same filters as the screen). */
export const exportPortalOrders = (deps: { db: Db }, shopId: string, query: PortalOrdersCsvQuery) => {
  const filters = portalFiltersOf(shopId, query);
  return csvStream(
    orderColumns,
    (async function* () {
      for await (const batch of streamOrders(deps.db, filters))
        yield await withSubscribers(deps.db, shopId, batch);
    })(),
  );
};

/** What a change of this eSIM costs the shop (the change fee from settings, in credits) and what moves. */
export const quotePortalEsimChange = async (
  deps: { db: Db },
  shopId: string,
  esimId: string,
): Promise<PortalChangeQuote> => {
  const esim = await usableEsim(deps.db, { shopId }, esimId, 'change');
  const options = await getGeneralOptions(deps.db);
  return {
    priceCents: options.changeEsimPriceCents,
    currency: 'EUR',
    packagesToMove: (await listMovablePackages(deps.db, esim.id)).length,
  };
};

/**
 * Change eSIM from the portal (SPEC section 4): the customer dashboard's change (a new eSIM takes over every
 * active and queued package, the old one is disabled; the same fulfilment steps) paid by credits through the
 * same purchase transaction as a new subscriber. One change at a time per eSIM: checked before, and again
 * under the eSIM's row lock inside the transaction, so two tabs cannot both pay for a change.
 */
export const createPortalEsimChange = async (
  deps: PortalPurchaseDeps,
  input: { shopId: string; userId: string; esimId: string; body: CreatePortalEsimChangeBody; locale: Locale },
) => {
  const { body, shopId } = input;
  const earlier = await findShopOrderByKey(deps.db, shopId, body.idempotencyKey);
  if (earlier) return answerOf(deps, shopId, earlier);
  const esim = await usableEsim(deps.db, { shopId }, input.esimId, 'change');
  if (!esim.subscriberId) throw new AppError('NOT_FOUND');
  const blocker = await findEsimChangeBlocker(deps.db, esim.id);
  if (blocker) throw new AppError(blocker);
  const [first] = await listMovablePackages(deps.db, esim.id);
  // The new profile is ordered with the package it will carry first (or the eSIM's original one).
  const pkg = first
    ? await findPackageById(deps.db, first.packageId)
    : await findOriginalPackage(deps.db, esim.id);
  if (!pkg) throw new AppError('NOT_FOUND');
  const { changeEsimPriceCents } = await getGeneralOptions(deps.db);
  const change = buyWithCredits(deps, {
    ...input,
    idempotencyKey: body.idempotencyKey,
    expectedTotalCents: body.expectedTotalCents,
    pkg,
    kind: 'change_esim',
    targetEsimId: esim.id,
    priceCents: changeEsimPriceCents,
    subscriberOf: async (tx) => {
      const locked = await lockEsim(tx, esim.id);
      if (!locked) throw new AppError('NOT_FOUND');
      assertEsimAllows(locked, 'change');
      const again = await findEsimChangeBlocker(tx, esim.id);
      if (again) throw new AppError(again);
      const subscriber = await getSubscriber(tx, shopId, esim.subscriberId ?? '');
      if (!subscriber) throw new AppError('NOT_FOUND');
      return subscriber;
    },
  });
  try {
    return await change;
  } catch (error) {
    // A double submit that waited on the eSIM's lock finds its twin's change under way: answer that order.
    const first = await findShopOrderByKey(deps.db, shopId, body.idempotencyKey);
    if (first) return answerOf(deps, shopId, first);
    throw error;
  }
};

/**
 * The wizard's last step: one of this shop's orders as it is now and, once completed, the eSIM to install (the
 * new eSIM of a purchase or a change of eSIM, the refilled eSIM of a refill).
 */
export const getPortalOrderStatus = async (
  deps: { db: Db },
  shopId: string,
  orderId: string,
): Promise<PortalOrderStatus> => {
  const order = await getShopOrder(deps, shopId, orderId);
  const subscriber = order.subscriberId
    ? await getSubscriber(deps.db, shopId, order.subscriberId)
    : undefined;
  const view = toPortalOrder(
    order,
    subscriber ? { id: subscriber.id, name: subscriber.name, lastname: subscriber.lastname } : null,
  );
  if (order.fulfilmentStatus !== 'completed' || order.kind === 'credits') return { order: view, esim: null };
  const esim =
    order.kind === 'topup' && order.targetEsimId
      ? await getEsim(deps.db, order.targetEsimId, { shopId })
      : await getEsimForOrder(deps.db, order.id);
  // An eSIM that ended since has no QR code to install (ADR 0091): the subscriber page says what happened.
  return {
    order: view,
    esim: esim && esimAllows(esim.status, 'install') ? await toPortalEsimInstall(esim) : null,
  };
};

/** One package of the reseller price list by its slug (the wizard's `?package=`); 404 without a reseller price. */
export const getResellerPackage = async (deps: { db: Db }, slug: string, sellShopPrice: number) => {
  const pkg = await findSellablePackageBySlug(deps.db, slug);
  if (!pkg || pkg.resellerPriceCents === null) throw new AppError('NOT_FOUND');
  return toResellerPackage(pkg, sellShopPrice);
};

/** The reseller packages a refill of this eSIM may use: the customer top-up's rule (same provider and destination). */
export const listRefillPackages = async (
  deps: { db: Db },
  shopId: string,
  esimId: string,
  sellShopPrice: number,
) => {
  const esim = await usableEsim(deps.db, { shopId }, esimId, 'topUp');
  const destination = await destinationOf(deps.db, esim);
  const rows = await listSellablePackages(deps.db, { provider: destination.provider });
  return rows
    .filter((row) => row.resellerPriceCents !== null && fitsEsim(destination, row))
    .sort(
      (a, b) =>
        (a.dataMb ?? Number.MAX_SAFE_INTEGER) - (b.dataMb ?? Number.MAX_SAFE_INTEGER) ||
        (a.resellerPriceCents ?? 0) - (b.resellerPriceCents ?? 0),
    )
    .map((row) => toResellerPackage(row, sellShopPrice));
};

/** Install details of one of the shop's subscribers' eSIMs. */
export const getPortalEsimInstall = async (deps: { db: Db }, shopId: string, esimId: string) =>
  toPortalEsimInstall(await shopSubscriberEsim(deps.db, shopId, esimId));
