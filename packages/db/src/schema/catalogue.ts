import { packageActivations, packageTypes } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export type Operator = { name: string; network: '4G' | '5G' };

/** ISO 3166 alpha-2 countries we sell in; names come from Intl.DisplayNames in the viewer's locale. */
export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  continent: text('continent', {
    enum: ['europe', 'asia', 'africa', 'north_america', 'south_america', 'oceania'],
  }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Named groups of countries (Europe, Balkans, ...), with a name per locale. */
export const regions = pgTable('regions', {
  code: text('code').primaryKey(),
  names: jsonb('names').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const regionCountries = pgTable(
  'region_countries',
  {
    regionCode: text('region_code')
      .notNull()
      .references(() => regions.code, { onDelete: 'cascade' }),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
  },
  (t) => [
    primaryKey({ columns: [t.regionCode, t.countryCode] }),
    index('region_countries_country_idx').on(t.countryCode),
  ],
);

/** What we sell (staff call them "global packages"); `data_mb` null means unlimited. */
export const packages = pgTable(
  'packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    type: text('type', { enum: packageTypes }).notNull(),
    name: text('name').notNull(),
    countryCode: text('country_code').references(() => countries.code),
    regionCode: text('region_code').references(() => regions.code),
    dataMb: integer('data_mb'),
    validityDays: integer('validity_days').notNull(),
    priceCents: integer('price_cents').notNull(),
    offerPriceCents: integer('offer_price_cents'),
    /** The offer's window (ADR 0051): null ends mean open; outside it the buyer pays the price. */
    offerStartsAt: timestamp('offer_starts_at', { withTimezone: true }),
    offerEndsAt: timestamp('offer_ends_at', { withTimezone: true }),
    /** Staff's name for the package per locale (the provider's `name` stays as the fallback). */
    displayNames: jsonb('display_names').$type<Record<string, string>>().notNull().default({}),
    /** Staff's order of the home page's popular and offers lists (ADR 0051); null sorts last. */
    popularPosition: integer('popular_position'),
    offerPosition: integer('offer_position'),
    wholesaleCents: integer('wholesale_cents').notNull(),
    /** What a shop pays, in credit cents (DESIGN section 3 "Reseller packages"); null: not sold to shops. */
    resellerPriceCents: integer('reseller_price_cents'),
    popular: boolean('popular').notNull().default(false),
    topUpAllowed: boolean('top_up_allowed').notNull().default(true),
    activation: text('activation', { enum: packageActivations }).notNull().default('on_first_use'),
    provider: text('provider').notNull(),
    providerPackageCode: text('provider_package_code').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('packages_slug_unique').on(t.slug),
    uniqueIndex('packages_provider_code_unique').on(t.provider, t.providerPackageCode),
    index('packages_type_idx').on(t.type).where(sql`${t.active} and ${t.deletedAt} is null`),
    index('packages_country_idx').on(t.countryCode),
    index('packages_region_idx').on(t.regionCode),
  ],
);

/** Which countries a package works in, and on which operators there. */
export const packageCountries = pgTable(
  'package_countries',
  {
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    operators: jsonb('operators').$type<Operator[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.countryCode] }),
    index('package_countries_country_idx').on(t.countryCode),
  ],
);
