import {
  esimPackageStatuses,
  esimStatuses,
  fulfilmentStatuses,
  orderKinds,
  orderReviewReasons,
  orderStatuses,
  refundErrorCodes,
} from '@esim/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { packages } from './catalogue';
import { subscribers } from './credits';
import { shops, users } from './users';

/** Every sale: a customer's eSIM, top-up or change of eSIM, a shop's credits or purchases (DESIGN section 3). */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Human-readable and unique, e.g. ES-7K3Q-9MXD; shown to buyers and staff. */
    number: text('number').notNull(),
    kind: text('kind', { enum: orderKinds }).notNull(),
    /**
     * What lists and buyers see, derived by the database (ADR 0090): `fulfilment_status` overlaid by the succeeded
     * refunds, `refunded` when they cover the total, `partially_refunded` when some. Nobody writes it.
     */
    status: text('status', { enum: orderStatuses })
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`case when ${orders.refundedCents} > 0 and ${orders.refundedCents} >= ${orders.totalCents} then 'refunded' when ${orders.refundedCents} > 0 then 'partially_refunded' else ${orders.fulfilmentStatus} end`,
      ),
    /** The lifecycle alone (ADR 0090): whether the order was, is being or will not be carried out. */
    fulfilmentStatus: text('fulfilment_status', { enum: fulfilmentStatuses }).notNull().default('pending'),
    /** The sum of the order's succeeded refunds (second charges apart), kept with each refund's success. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    userId: uuid('user_id').references(() => users.id),
    shopId: uuid('shop_id').references(() => shops.id),
    /** A shop's order for one of its subscribers (the eSIM goes to the subscriber). */
    subscriberId: uuid('subscriber_id').references(() => subscribers.id),
    /** A shop's purchase: the key the client sent, so a double submit finds the first order (unique per shop). */
    idempotencyKey: text('idempotency_key'),
    /** A credit top-up: the bonus quoted when the order was made, credited exactly when it is paid. */
    bonusCents: integer('bonus_cents'),
    packageId: uuid('package_id').references(() => packages.id),
    /** The eSIM a top-up goes on, or the eSIM being replaced by a change. */
    targetEsimId: uuid('target_esim_id'),
    /** What was sold, frozen at order time: name, data, validity, coverage summary. */
    packageSnapshot: jsonb('package_snapshot').$type<Record<string, unknown>>(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    paymentMethod: text('payment_method', { enum: ['card', 'credits', 'gift_card', 'free'] }).notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerPhone: text('buyer_phone'),
    country: text('country'),
    locale: text('locale').notNull(),
    utmSource: text('utm_source'),
    utmCampaign: text('utm_campaign'),
    fbclid: text('fbclid'),
    landingPage: text('landing_page'),
    /**
     * Attribution of the visit that placed the order (ADR 0067). The columns above are its last touch; with the
     * visitor's consent to statistics the order also keeps the last touch's medium and referring host, the
     * visit's session id and the first touch (the visitor's first visit that brought a source).
     */
    utmMedium: text('utm_medium'),
    referrerHost: text('referrer_host'),
    trafficSessionId: uuid('traffic_session_id'),
    firstUtmSource: text('first_utm_source'),
    firstUtmMedium: text('first_utm_medium'),
    firstUtmCampaign: text('first_utm_campaign'),
    firstFbclid: text('first_fbclid'),
    firstReferrerHost: text('first_referrer_host'),
    firstLandingPage: text('first_landing_page'),
    /** The partner whose referral link brought the buyer (businesses.referral_code). */
    businessId: uuid('business_id'),
    failureReason: text('failure_reason'),
    /** Why the system put the order in review (ADR 0034); kept after the review for the order's page. */
    reviewReason: text('review_reason', { enum: orderReviewReasons }),
    fulfilmentAttempts: integer('fulfilment_attempts').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** When the payment success page first showed this order's receipt; later visits say "completed earlier". */
    receiptShownAt: timestamp('receipt_shown_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_unique').on(t.number),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    // Staff "all orders" (issue 31): newest first unfiltered, by kind, and the search by e-mail address.
    index('orders_created_idx').on(t.createdAt),
    index('orders_kind_idx').on(t.kind, t.createdAt),
    index('orders_email_idx').on(sql`lower(${t.buyerEmail})`),
    index('orders_shop_idx').on(t.shopId, t.createdAt),
    // Orders analytics (ADR 0049): every figure reads paid orders by date with these columns only, so a range
    // is an index-only scan of this narrow index instead of a pass over the wide rows.
    index('orders_analytics_idx').on(
      t.paidAt,
      t.kind,
      t.status,
      t.paymentMethod,
      t.country,
      t.packageId,
      t.totalCents,
      t.id,
    ),
    // Facebook ad orders (ADR 0069): the few orders that came through an ad, by the day they were paid.
    index('orders_ad_attribution_idx')
      .on(t.paidAt)
      .where(sql`${t.fbclid} is not null or lower(${t.utmSource}) in ('facebook', 'fb', 'ig', 'instagram')`),
    // Package statistics (ADR 0072): one package's buyers in a range, without a pass over every paid order; with
    // the columns the buyers' grouping reads, an index-only scan (ADR 0088).
    index('orders_package_paid_idx')
      .on(t.packageId, t.paidAt, t.kind, t.status, t.paymentMethod, t.userId, t.buyerEmail, t.totalCents)
      .where(sql`${t.paidAt} is not null`),
    // Paid orders still being carried out: the fulfilment sweep's question every minute.
    index('orders_in_flight_idx').on(t.updatedAt).where(sql`${t.fulfilmentStatus} = 'paid'`),
    index('orders_business_idx').on(t.businessId, t.createdAt).where(sql`${t.businessId} is not null`),
    uniqueIndex('orders_shop_idempotency_unique')
      .on(t.shopId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/** One row per payment attempt; failed ones are the staff's "failed transactions" list. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    /** The provider's checkout session id. */
    sessionRef: text('session_ref').notNull(),
    /** The provider's payment id once paid (Stripe: payment intent), used for refunds. */
    paymentRef: text('payment_ref'),
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'expired'] })
      .notNull()
      .default('pending'),
    amountCents: integer('amount_cents').notNull(),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_session_unique').on(t.provider, t.sessionRef),
    index('payments_order_idx').on(t.orderId),
    index('payments_failed_idx').on(t.createdAt).where(sql`${t.status} = 'failed'`),
    // The reconciliation sweep's question: which pending card pages have not been asked about for a while.
    index('payments_pending_idx').on(t.updatedAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** Each provider event id is stored once, so a replayed webhook changes nothing. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_events_provider_event_unique').on(t.provider, t.eventId)],
);

/** An eSIM profile we sold; the QR code encodes `activation_code` (SGP.22 LPA:1$smdp$matchingId). */
export const esims = pgTable(
  'esims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    iccid: text('iccid').notNull(),
    userId: uuid('user_id').references(() => users.id),
    shopId: uuid('shop_id').references(() => shops.id),
    subscriberId: uuid('subscriber_id'),
    orderId: uuid('order_id').references(() => orders.id),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    activationCode: text('activation_code').notNull(),
    smdpAddress: text('smdp_address').notNull(),
    matchingId: text('matching_id').notNull(),
    status: text('status', { enum: esimStatuses }).notNull().default('ready'),
    /** Reinstalls on the same phone; the limit is 5 (SPEC section 4). */
    installCount: integer('install_count').notNull().default(0),
    replacedById: uuid('replaced_by_id'),
    /**
     * When the profile stopped working (ADR 0091): set with `status` `disabled` (replaced), `freed` (released
     * unused) or `cancelled` (cancelled at the provider by a staff refund); null while it works.
     */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('esims_iccid_unique').on(t.iccid),
    index('esims_user_idx').on(t.userId),
    index('esims_subscriber_idx').on(t.subscriberId),
    // The staff order page's eSIMs, and the orders search by ICCID.
    index('esims_order_idx').on(t.orderId),
  ],
);

/** A package on an eSIM; a new one on an eSIM with an active package waits (queued) until that one ends. */
export const esimPackages = pgTable(
  'esim_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    esimId: uuid('esim_id')
      .notNull()
      .references(() => esims.id),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: esimPackageStatuses }).notNull().default('queued'),
    /** null: unlimited. */
    dataMb: integer('data_mb'),
    dataUsedMb: integer('data_used_mb').notNull().default(0),
    validityDays: integer('validity_days').notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usageUpdatedAt: timestamp('usage_updated_at', { withTimezone: true }),
    alert60SentAt: timestamp('alert_60_sent_at', { withTimezone: true }),
    alert98SentAt: timestamp('alert_98_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One order puts its package on one eSIM once: a retried fulfilment cannot add it twice.
    uniqueIndex('esim_packages_order_unique').on(t.orderId),
    index('esim_packages_esim_idx').on(t.esimId, t.status),
  ],
);

/** The package name an order sold, from its snapshot (the catalogue's name may have changed since). */
export const packageNameOf = (order: { packageSnapshot: Record<string, unknown> | null }) =>
  String(order.packageSnapshot?.name ?? '');

/** What an order and an eSIM package keep of the package sold (names and terms may change later). */
export const packageSnapshotOf = (pkg: typeof packages.$inferSelect) => ({
  slug: pkg.slug,
  name: pkg.name,
  type: pkg.type,
  countryCode: pkg.countryCode,
  regionCode: pkg.regionCode,
  dataMb: pkg.dataMb,
  validityDays: pkg.validityDays,
  provider: pkg.provider,
  providerPackageCode: pkg.providerPackageCode,
  wholesaleCents: pkg.wholesaleCents,
});

/**
 * Money given back (DESIGN section 3). `payment_id` names the charge refunded: one automatic refund per charge
 * (unique among the automatic kinds), so a replayed webhook or a second confirmation of the same duplicate
 * payment refunds it once; staff may refund one charge in several parts (ADR 0037).
 * `kind` adds `duplicate_payment` (a second charge for an order already paid) to DESIGN's kinds.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    amountCents: integer('amount_cents').notNull(),
    kind: text('kind', {
      enum: [
        'order',
        'duplicate_payment',
        'full_client',
        'all_packages_deleted',
        'deleted_package',
        'changed_esim',
      ],
    }).notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    /** The provider's refund id once it accepted the refund. */
    providerRef: text('provider_ref'),
    /** The provider's own words for a failure, shown to staff as the detail of `error_code`. */
    error: text('error'),
    /** Why the provider refused, mapped to our codes by the payments port (ADR 0081); null unless failed. */
    errorCode: text('error_code', { enum: refundErrorCodes }),
    staffUserId: uuid('staff_user_id').references(() => users.id),
    /** Why staff refunded (required for a staff refund). */
    reason: text('reason'),
    /** Why staff refunded beyond the refund policy from settings (null: the order qualified or no override). */
    policyOverrideReason: text('policy_override_reason'),
    /** Wholesale cost the eSIM provider gave back because the unused package was cancelled first. */
    providerCostRecoveredCents: integer('provider_cost_recovered_cents').notNull().default(0),
    /** Tries sent to the provider. */
    attempts: integer('attempts').notNull().default(0),
    /**
     * Which key the refund is sent under (`refund-<id>`, then `refund-<id>-<n>`): kept while the provider's answer
     * is unknown so a resend can never pay twice, a new one after the provider refused (it replays a key's answer).
     */
    keyVersion: integer('key_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_payment_unique')
      .on(t.paymentId)
      .where(sql`${t.kind} in ('order', 'duplicate_payment') and ${t.staffUserId} is null`),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_status_idx').on(t.status, t.createdAt),
    // The staff refund lists: by kind, newest first.
    index('refunds_kind_idx').on(t.kind, t.createdAt),
  ],
);
