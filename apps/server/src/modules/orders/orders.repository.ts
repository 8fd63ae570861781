import type {
  FulfilmentStatus,
  OrderEventActor,
  OrderKind,
  OrderReviewReason,
  OrderStatus,
  PageQuery,
} from '@esim/contracts';
import { analyticsKinds, analyticsStatuses } from '@esim/contracts/staff';
import { businesses, type Db, orders, packages, payments, users, webhookEvents } from '@esim/db';
import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import { defineListQuery, type OwnerScope, ownerCondition, searchCondition } from '../../lib/list-query';
import { releaseCouponRedemption } from '../coupons/coupons.repository';
import { hasPendingPayment, releaseGiftCardHolds } from '../gift-cards/gift-cards.repository';
import { recordOrderEvent } from '../order-timeline/order-timeline.repository';
import { orderCampaignSql, orderLandingSql, orderSourceSql } from '../statistics/traffic.repository';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type PaymentRow = typeof payments.$inferSelect;

/** The package's name as it was sold (the order keeps a snapshot). */
export { packageNameOf } from '@esim/db';

export type OrderScope = OwnerScope;

/** The columns an order list may be sorted by (the contracts' sort fields name these). */
export const orderSortColumns = {
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  failedAt: orders.failedAt,
  totalCents: orders.totalCents,
  number: orders.number,
};
export type OrderSortField = keyof typeof orderSortColumns;

export type OrderFilters = {
  scope: OrderScope;
  statuses?: readonly OrderStatus[];
  /** By lifecycle alone (ADR 0090): in review, failed, … whatever their refunds. */
  fulfilmentStatuses?: readonly FulfilmentStatus[];
  /** Orders in review for these reasons (ADR 0034). */
  reviewReasons?: readonly OrderReviewReason[];
  kinds?: readonly OrderKind[];
  /** Orders about one eSIM (a top-up's or a change's target). */
  targetEsimId?: string;
  /** Search: part of the order number, the buyer's e-mail or the package name (case-insensitive). */
  q?: string;
  /** Created at or after / before (a period: `createdBefore` is the start of the day after its last day). */
  createdFrom?: Date;
  createdBefore?: Date;
  /** Default: newest first. */
  sort?: OrderSortField | `-${OrderSortField}`;
  /** Staff filters (all orders, issue 31). */
  paymentMethods?: readonly OrderRow['paymentMethod'][];
  country?: string;
  shopId?: string;
  /** `shop`: bought by a shop; `customer`: the rest. */
  channel?: 'customer' | 'shop';
  /** A campaign's utm code: its coupon's orders and those whose `utm_campaign` is the code (any case). */
  utmCampaign?: string;
  /** The orders that used this coupon (held or captured). */
  couponCode?: string;
  totalMinCents?: number;
  totalMaxCents?: number;
  /** Staff lookup: an e-mail address (whole), an ICCID (whole) or part of an order number. */
  lookup?: string;
  /** The sales the analytics count (ADR 0049): their kinds and statuses, not free. */
  sales?: boolean;
  /** Paid at or after / before (`paidBefore` is the start of the day after the period's last day). */
  paidFrom?: Date;
  paidBefore?: Date;
  /** The traffic screens' keys of an order (ADR 0076): its source, campaign and landing page. */
  source?: string;
  sourceCampaign?: string;
  landingPage?: string;
  packageId?: string;
};

/** An e-mail (has @), an ICCID (18 to 22 digits) or an order number: each by its own index. */
const lookupCondition = (q: string | undefined) => {
  if (!q) return undefined;
  if (q.includes('@')) return sql`lower(${orders.buyerEmail}) = lower(${q})`;
  if (/^\d{18,22}$/.test(q))
    return sql`(${orders.id} in (select e.order_id from esims e where e.iccid = ${q}) or ${orders.targetEsimId} in (select e.id from esims e where e.iccid = ${q}))`;
  return searchCondition(q, [orders.number]);
};

const scopeCondition = (scope: OrderScope) => ownerCondition(scope, orders);

/** A campaign's orders (ADR 0058): arrived through its link, or made with its coupon. */
const campaignCondition = (code: string) =>
  sql`(lower(${orders.utmCampaign}) = lower(${code}) or exists (select 1 from coupon_redemptions cr join campaigns c on c.coupon_id = cr.coupon_id where cr.order_id = "orders"."id" and cr.status <> 'released' and c.utm_code = lower(${code})))`;

const whereOf = (filters: OrderFilters) =>
  and(
    scopeCondition(filters.scope),
    filters.statuses ? inArray(orders.status, [...filters.statuses]) : undefined,
    filters.fulfilmentStatuses
      ? inArray(orders.fulfilmentStatus, [...filters.fulfilmentStatuses])
      : undefined,
    filters.reviewReasons ? inArray(orders.reviewReason, [...filters.reviewReasons]) : undefined,
    filters.kinds ? inArray(orders.kind, [...filters.kinds]) : undefined,
    filters.targetEsimId ? eq(orders.targetEsimId, filters.targetEsimId) : undefined,
    filters.createdFrom ? gte(orders.createdAt, filters.createdFrom) : undefined,
    filters.createdBefore ? lt(orders.createdAt, filters.createdBefore) : undefined,
    searchCondition(filters.q, [orders.number, orders.buyerEmail, sql`${orders.packageSnapshot}->>'name'`]),
    filters.paymentMethods ? inArray(orders.paymentMethod, [...filters.paymentMethods]) : undefined,
    filters.country ? eq(orders.country, filters.country) : undefined,
    filters.shopId ? eq(orders.shopId, filters.shopId) : undefined,
    filters.channel === 'shop' ? isNotNull(orders.shopId) : undefined,
    filters.channel === 'customer' ? isNull(orders.shopId) : undefined,
    filters.utmCampaign ? campaignCondition(filters.utmCampaign) : undefined,
    filters.couponCode
      ? sql`exists (select 1 from coupon_redemptions cr join coupons c on c.id = cr.coupon_id where cr.order_id = "orders"."id" and cr.status <> 'released' and c.code = ${filters.couponCode})`
      : undefined,
    filters.totalMinCents !== undefined ? gte(orders.totalCents, filters.totalMinCents) : undefined,
    filters.totalMaxCents !== undefined ? lte(orders.totalCents, filters.totalMaxCents) : undefined,
    lookupCondition(filters.lookup),
    filters.sales
      ? and(
          inArray(orders.kind, analyticsKinds),
          inArray(orders.status, analyticsStatuses),
          ne(orders.paymentMethod, 'free'),
        )
      : undefined,
    filters.paidFrom ? gte(orders.paidAt, filters.paidFrom) : undefined,
    filters.paidBefore ? lt(orders.paidAt, filters.paidBefore) : undefined,
    filters.source ? sql`${orderSourceSql} = ${filters.source}` : undefined,
    filters.sourceCampaign ? sql`${orderCampaignSql} = ${filters.sourceCampaign}` : undefined,
    filters.landingPage ? sql`${orderLandingSql} = ${filters.landingPage}` : undefined,
    filters.packageId ? eq(orders.packageId, filters.packageId) : undefined,
  );

/** The order list every audience reads, with how many payment attempts of each order failed ("payment"). */
const orderList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({
        order: orders,
        // Qualified by hand: drizzle prints bare column names inside sql``, which the subquery would capture.
        failedPayments: sql<number>`(select count(*)::int from payments p where p.order_id = "orders"."id" and p.status = 'failed')`,
        ...listFields,
      })
      .from(orders)
      .$dynamic(),
  where: whereOf,
  sortColumns: orderSortColumns,
  tiebreak: orders.id,
  defaultSort: '-createdAt',
  // A part of an order number scans the orders anyway: count in the same scan.
  totalInRows: (filters) => Boolean(filters.lookup && !/@|^\d{18,22}$/.test(filters.lookup)),
});

/** Every order list (customer, shop, staff): one page of the orders in a scope, and how many there are. */
export const listOrders = (db: Db, filters: OrderFilters, page: PageQuery) =>
  orderList.page(db, filters, page);

/** The first `limit` orders of a list (the session's current order). */
export const listFirstOrders = (db: Db, filters: OrderFilters, limit: number) =>
  orderList.rows(db, filters, { limit, offset: 0 });

/** Every order of a list, in keyset batches (CSV exports). */
export const streamOrders = (db: Db, filters: OrderFilters, batchSize?: number) =>
  orderList.batches(db, filters, batchSize);

export type OrderListRow = Awaited<ReturnType<typeof listFirstOrders>>[number];

/**
 * The order form's reads in one round trip: the sellable package, and whether a customer account already uses
 * the e-mail or the phone (asked only for signed-out buyers, who are then sent to log in).
 */
export const findPackageAndContactConflicts = async (
  db: Db,
  input: { slug: string; contact: { email: string; phone: string } | null },
) => {
  const taken = (column: typeof users.email | typeof users.phone, value: string | undefined) =>
    value === undefined
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${users} where ${users.kind} = 'customer' and ${column} = ${value})`;
  const [row] = await db
    .select({
      pkg: packages,
      emailTaken: taken(users.email, input.contact?.email),
      phoneTaken: taken(users.phone, input.contact?.phone),
    })
    .from(packages)
    .where(and(eq(packages.slug, input.slug), eq(packages.active, true), isNull(packages.deletedAt)))
    .limit(1);
  return row;
};

/** At payment, in one round trip: the customer account with the order's e-mail, and whether its phone is taken. */
export const findCustomerByContact = async (db: Db, email: string, phone: string | null) => {
  const [row] = await db
    .select({
      existingId: users.id,
      phoneTaken:
        phone === null
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${users} where ${users.kind} = 'customer' and ${users.phone} = ${phone})`,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(users, and(eq(users.kind, 'customer'), eq(users.email, email)))
    .limit(1);
  return { existingId: row?.existingId ?? null, phoneTaken: Boolean(row?.phoneTaken) };
};

/** Who changed an order's state, and why (the timeline's `state_changed` event, ADR 0031). */
export type StatusChange = {
  actor: OrderEventActor;
  staffUserId?: string;
  /** Default: the order's failure reason, when the change sets one. */
  reason?: string | null;
};

/** Creates an order and the first line of its timeline (in one transaction, or the caller's). */
export const insertOrder = (db: Db, values: NewOrderRow, by: StatusChange) =>
  db.transaction(async (tx) => {
    const [row] = await tx.insert(orders).values(values).returning();
    if (!row) throw new Error('order insert returned nothing');
    await recordOrderEvent(tx, row.id, {
      kind: 'state_changed',
      actor: by.actor,
      staffUserId: by.staffUserId,
      detail: { from: null, to: row.fulfilmentStatus, reason: by.reason ?? null },
    });
    return row;
  });

/** One order if it is in the caller's scope; undefined otherwise (the route answers 404). */
export const getOrder = async (db: Db, orderId: string, scope: OrderScope = 'all') => {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), scopeCondition(scope)))
    .limit(1);
  return row;
};

/** Locks the order row for the rest of the transaction (serialises payment and fulfilment on one order). */
export const lockOrder = async (db: Db, orderId: string) => {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  return row;
};

/**
 * An order's fields other than its state (a change of lifecycle is `changeOrderStatus`, which the timeline
 * records; refunds move `refunded_cents` through the refunds module, ADR 0090).
 */
export type OrderChanges = Omit<Partial<NewOrderRow>, 'fulfilmentStatus' | 'refundedCents'>;

export const updateOrder = (db: Db, orderId: string, values: OrderChanges) =>
  db
    .update(orders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));

/**
 * Moves an order's lifecycle from the one the caller read (under the row lock) to `to`, with other fields, and
 * records the change on its timeline in the same transaction. Every change of an order's lifecycle goes here; the
 * status it shows follows by itself (the database derives it with the refunds, ADR 0090).
 */
export const changeOrderStatus = (
  db: Db,
  order: { id: string; fulfilmentStatus: FulfilmentStatus | null },
  to: FulfilmentStatus,
  by: StatusChange,
  values: OrderChanges = {},
) =>
  db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ ...values, fulfilmentStatus: to, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    await recordOrderEvent(tx, order.id, {
      kind: 'state_changed',
      actor: by.actor,
      staffUserId: by.staffUserId,
      detail: { from: order.fulfilmentStatus, to, reason: by.reason ?? values.failureReason ?? null },
    });
  });

/** A provider that answers a repeated checkout request with the same session (Stripe's idempotency) adds no row. */
export const insertPayment = (db: Db, values: typeof payments.$inferInsert, actor: OrderEventActor) =>
  db.transaction(async (tx) => {
    const [row] = await tx.insert(payments).values(values).onConflictDoNothing().returning();
    if (row) await recordPaymentAttempt(tx, row, actor);
  });

/** A payment attempt's state on its order's timeline (opened, paid, failed, expired). */
const recordPaymentAttempt = (db: Db, payment: PaymentRow, actor: OrderEventActor) =>
  recordOrderEvent(db, payment.orderId, {
    kind: 'payment_attempt',
    actor,
    detail: {
      provider: payment.provider,
      status: payment.status,
      amountCents: payment.amountCents,
      failureReason: payment.failureReason,
    },
  });

export const listPendingPaymentsOfOrder = (db: Db, orderId: string) =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));

export const findPaymentBySession = async (db: Db, provider: string, sessionRef: string) => {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.sessionRef, sessionRef)))
    .limit(1);
  return row;
};

/**
 * Marks a payment succeeded unless it already is: returns the row only for the caller that made the change, so
 * webhook and return URL racing each other confirm a payment exactly once. A failure before (the buyer retried
 * on the provider's page) does not block a later success.
 */
export const markPaymentSucceeded = async (
  db: Db,
  input: { provider: string; sessionRef: string; paymentRef: string },
  actor: OrderEventActor,
) => {
  const [row] = await db
    .update(payments)
    .set({ status: 'succeeded', paymentRef: input.paymentRef, failureReason: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.provider, input.provider),
        eq(payments.sessionRef, input.sessionRef),
        inArray(payments.status, ['pending', 'failed', 'expired']),
      ),
    )
    .returning();
  if (row) await recordPaymentAttempt(db, row, actor);
  return row;
};

/**
 * Card pages still pending this long after they were opened or last asked about: their webhook may be lost, or
 * the buyer paid and never came back (the reconciliation sweep asks the provider). Oldest first.
 */
export const listIdlePendingPayments = async (
  db: Db,
  provider: string,
  idleSeconds: number,
  limit: number,
) => {
  const rows = await db
    .select({ sessionRef: payments.sessionRef })
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.status, 'pending'),
        lt(payments.updatedAt, sql`now() - make_interval(secs => ${idleSeconds})`),
      ),
    )
    .orderBy(payments.updatedAt)
    .limit(limit);
  return rows.map((r) => r.sessionRef);
};

/** The provider says this page is still open: asked again only after the sweep's idle time. */
export const touchPendingPayment = (db: Db, provider: string, sessionRef: string) =>
  db
    .update(payments)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.sessionRef, sessionRef),
        eq(payments.status, 'pending'),
      ),
    );

/** A failure or expiry never overwrites a success (events can arrive out of order). */
export const markPaymentUnsuccessful = (
  db: Db,
  input: { provider: string; sessionRef: string; status: 'failed' | 'expired'; failureReason: string | null },
  actor: OrderEventActor,
) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({ status: input.status, failureReason: input.failureReason, updatedAt: sql`now()` })
      .where(
        and(
          eq(payments.provider, input.provider),
          eq(payments.sessionRef, input.sessionRef),
          eq(payments.status, 'pending'),
        ),
      )
      .returning();
    if (!row) return;
    await recordPaymentAttempt(tx, row, actor);
    // A gift card's hold on the order goes back to the card unless another card page is still open (ADR 0040);
    // so does the order's coupon use (ADR 0057).
    await releaseGiftCardHolds(tx, row.orderId);
    if (!(await hasPendingPayment(tx, row.orderId))) await releaseCouponRedemption(tx, row.orderId);
  });

/** The orders of our payments with this checkout session or provider payment id (a webhook's orders). */
export const listOrderIdsOfPayment = async (
  db: Db,
  provider: string,
  ref: { sessionRef: string } | { paymentRef: string },
) => {
  const rows = await db
    .selectDistinct({ orderId: payments.orderId })
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        'sessionRef' in ref
          ? eq(payments.sessionRef, ref.sessionRef)
          : eq(payments.paymentRef, ref.paymentRef),
      ),
    );
  return rows.map((r) => r.orderId);
};

export const hasSucceededPayment = async (db: Db, orderId: string) => {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
    .limit(1);
  return Boolean(row);
};

/** Stores a provider event id once; false when it was already there (a replay). */
export const recordWebhookEvent = async (db: Db, provider: string, eventId: string, type: string) => {
  const rows = await db
    .insert(webhookEvents)
    .values({ provider, eventId, type })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return rows.length > 0;
};

/** Claims the one-time display of the receipt on the success page; true for the first caller only. */
export const claimReceiptDisplay = async (db: Db, orderId: string) => {
  const rows = await db
    .update(orders)
    .set({ receiptShownAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.receiptShownAt)))
    .returning({ id: orders.id });
  return rows.length > 0;
};

/** Counts a fulfilment attempt on a paid order; undefined when the order is not (or no longer) paid. */
export const countFulfilmentAttempt = async (db: Db, orderId: string) => {
  const [row] = await db
    .update(orders)
    .set({ fulfilmentAttempts: sql`${orders.fulfilmentAttempts} + 1`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.fulfilmentStatus, 'paid')))
    .returning();
  return row;
};

/** Fails a paid order with the reason for staff; a no-op when the order completed (or failed) meanwhile. */
export const failPaidOrder = (db: Db, orderId: string, failureReason: string) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ fulfilmentStatus: 'failed', failedAt: sql`now()`, failureReason, updatedAt: sql`now()` })
      .where(and(eq(orders.id, orderId), eq(orders.fulfilmentStatus, 'paid')))
      .returning();
    if (row)
      await recordOrderEvent(tx, orderId, {
        kind: 'state_changed',
        actor: 'system',
        detail: { from: 'paid', to: 'failed', reason: failureReason },
      });
    return row;
  });

/** A shop's order by the idempotency key its client sent (a double submit finds the first order). */
export const findShopOrderByKey = async (db: Db, shopId: string, idempotencyKey: string) => {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row;
};

/** Paid orders not completed: startup resumes them all, the periodic sweep those idle for a while. */
export const listPaidOrderIds = async (db: Db, idleSeconds: number) => {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.fulfilmentStatus, 'paid'),
        lt(orders.updatedAt, sql`now() - make_interval(secs => ${idleSeconds})`),
      ),
    )
    .limit(500);
  return rows.map((r) => r.id);
};

/**
 * New eSIMs completed in the last day whose confirmation e-mail was never stored (a crash between completion
 * and its queued rendering). Its outbox id is md5('order-confirmation:' || order id); e-mails stored before
 * that id existed are recognised by address and order number, so an upgrade sends nothing twice.
 */
export const listOrdersWithoutConfirmation = async (db: Db, idleSeconds: number) => {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.fulfilmentStatus, 'completed'),
        inArray(orders.kind, ['esim', 'admin', 'gift_esim']),
        lt(orders.completedAt, sql`now() - make_interval(secs => ${idleSeconds})`),
        sql`${orders.completedAt} > now() - interval '1 day'`,
        sql`not exists (select 1 from outbox m where m.id = md5('order-confirmation:' || ${orders.id}::text)::uuid)`,
        sql`not exists (select 1 from outbox m where m.to = ${orders.buyerEmail} and m.subject like '%' || ${orders.number})`,
      ),
    )
    .limit(500);
  return rows.map((r) => r.id);
};

/**
 * The approved partner a referral code belongs to (checkout attributes the order to it); undefined if none. Read
 * here, beside the order it marks, so orders need nothing from the businesses module (which stands above it).
 */
export const findBusinessIdByReferral = async (db: Db, code: string) =>
  (
    await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(eq(businesses.referralCode, code), eq(businesses.status, 'approved')))
      .limit(1)
  )[0]?.id;
