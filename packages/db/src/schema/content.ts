import { businessTypes, contentKeys } from '@esim/contracts';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Editable texts per locale: terms, privacy policy (staff edit them in settings). Body is Markdown. */
export const contentPages = pgTable(
  'content_pages',
  {
    key: text('key', { enum: contentKeys }).notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.locale] })],
);

/** "Become a partner" applications (DESIGN calls them businesses); staff approve or reject them. */
export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    companyName: text('company_name'),
    country: text('country').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    businessType: text('business_type', { enum: businessTypes }).notNull(),
    status: text('status', { enum: ['new', 'approved', 'rejected'] })
      .notNull()
      .default('new'),
    locale: text('locale').notNull(),
    /** An approved influencer's or business's code; orders placed after its link carry the business. */
    referralCode: text('referral_code'),
    /** The shop an approved reseller application became. */
    shopId: uuid('shop_id'),
    rejectionReason: text('rejection_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The record's version for staff decisions. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('businesses_status_idx').on(t.status, t.createdAt),
    uniqueIndex('businesses_referral_code_unique').on(t.referralCode),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  locale: text('locale').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
