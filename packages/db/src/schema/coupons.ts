import type { Locale } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { packages } from './catalogue';
import { orders } from './orders';

/**
 * A coupon (issue 32, ADR 0057): a code that takes a percent or a fixed amount off an order, within its dates,
 * its limits (in total and per customer), its minimum order and its scope (a package, a package type, a
 * country). `redeemed_count` counts the held and captured redemptions; it only moves by a guarded update in the
 * transaction that writes the redemption row (with the coupon row locked), so concurrent checkouts never take a
 * coupon past `max_redemptions`.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored upper case; buyers type it in any case. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    /** A percent (1 to 100) for `percent`, cents for `fixed`. */
    value: integer('value').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Null: no end. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Null: no limit. */
    maxRedemptions: integer('max_redemptions'),
    maxPerCustomer: integer('max_per_customer'),
    minOrderCents: integer('min_order_cents').notNull().default(0),
    scopePackageId: uuid('scope_package_id').references(() => packages.id),
    scopePackageType: text('scope_package_type'),
    /** ISO country code: packages that work in that country. */
    scopeCountry: text('scope_country'),
    redeemedCount: integer('redeemed_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').on(t.code),
    index('coupons_created_idx').on(t.createdAt),
    check('coupons_percent_range', sql`${t.kind} <> 'percent' or ${t.value} between 1 and 100`),
    check('coupons_value_positive', sql`${t.value} > 0`),
    check(
      'coupons_redeemed_within_limit',
      sql`${t.redeemedCount} >= 0 and (${t.maxRedemptions} is null or ${t.redeemedCount} <= ${t.maxRedemptions})`,
    ),
  ],
);

/**
 * A coupon's use on an order: `held` when the order was made (the count went up), `captured` when it was paid,
 * `released` when its payment failed or expired (the count went down). One per order. `customer_key` is the
 * buyer's e-mail in lower case: the per-customer limit counts an e-mail, signed in or not.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    customerKey: text('customer_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['held', 'captured', 'released'] })
      .notNull()
      .default('held'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_unique').on(t.orderId),
    index('coupon_redemptions_coupon_idx').on(t.couponId, t.customerKey),
  ],
);

export type CampaignBannerTexts = Partial<Record<Locale, string>>;

/**
 * A campaign (issue 32, ADR 0058): a promotion between two dates, with a coupon, a banner text per locale shown
 * on the public site while it runs, and a utm code: an order made with its coupon, or whose `utm_campaign` is
 * that code, is the campaign's.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Lower case; the campaign's link carries it as `utm_campaign`. */
    utmCode: text('utm_code').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    couponId: uuid('coupon_id').references(() => coupons.id),
    bannerTexts: jsonb('banner_texts').$type<CampaignBannerTexts>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaigns_utm_code_unique').on(t.utmCode),
    index('campaigns_running_idx').on(t.startsAt, t.endsAt),
  ],
);
