import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sandbox payment provider's own records (it stands in for Stripe's servers), so a sandbox checkout
 * survives a restart like a real one would. Not used with a real provider.
 */
export const sandboxPaymentSessions = pgTable('sandbox_payment_sessions', {
  id: text('id').primaryKey(),
  orderId: text('order_id').notNull(),
  orderNumber: text('order_number').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  customerEmail: text('customer_email').notNull(),
  locale: text('locale').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  status: text('status', { enum: ['open', 'succeeded', 'failed', 'expired'] })
    .notNull()
    .default('open'),
  paymentRef: text('payment_ref'),
  failureReason: text('failure_reason'),
  refundedCents: integer('refunded_cents').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox provider's refunds, one per idempotency key as a provider keeps them: a refund sent again under
 * its key finds its row and gives nothing back twice (and the bench counts what reached the provider here).
 */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  paymentRef: text('payment_ref').notNull(),
  amountCents: integer('amount_cents').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
