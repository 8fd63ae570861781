import { orderTimelineEventSchema } from './order-timeline';
import { orderKindSchema, orderStatusSchema } from './orders';
import { z } from './zod';

/**
 * The staff order page (issue 31): everything about one order on one answer — buyer, lines and price, each
 * payment attempt, the eSIMs with their packages and usage, the messages sent, refunds, and the timeline newest
 * first (ADR 0031). Admin only.
 */

export const paymentMethods = ['card', 'credits', 'gift_card', 'free'] as const;

export const staffOrderPageSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    kind: orderKindSchema,
    status: orderStatusSchema,
    paymentMethod: z.enum(paymentMethods),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    failedAt: z.string().nullable(),
    failureReason: z.string().nullable(),
    fulfilmentAttempts: z.number().int(),
    locale: z.string(),
    shop: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    attribution: z.object({
      utmSource: z.string().nullable(),
      utmCampaign: z.string().nullable(),
      landingPage: z.string().nullable(),
      businessId: z.string().nullable(),
    }),
    buyer: z.object({
      userId: z.string().nullable(),
      subscriberId: z.string().nullable(),
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      country: z.string().nullable(),
    }),
    lines: z.array(
      z.object({
        description: z.string(),
        quantity: z.number().int(),
        unitCents: z.number().int(),
        totalCents: z.number().int(),
      }),
    ),
    price: z.object({
      currency: z.string(),
      subtotalCents: z.number().int(),
      discountCents: z.number().int(),
      totalCents: z.number().int(),
      /** A shop's credit top-up: the bonus credited with it. */
      bonusCents: z.number().int().nullable(),
    }),
    payments: z.array(
      z.object({
        id: z.uuid(),
        provider: z.string(),
        status: z.enum(['pending', 'succeeded', 'failed', 'expired']),
        amountCents: z.number().int(),
        failureReason: z.string().nullable(),
        createdAt: z.string(),
        updatedAt: z.string(),
      }),
    ),
    esims: z.array(
      z.object({
        id: z.uuid(),
        iccid: z.string(),
        status: z.string(),
        /** `sold`: this order's own eSIM; `target`: the eSIM a top-up or change of eSIM was for. */
        role: z.enum(['sold', 'target']),
        installCount: z.number().int(),
        createdAt: z.string(),
        packages: z.array(
          z.object({
            id: z.uuid(),
            orderId: z.uuid(),
            name: z.string(),
            status: z.string(),
            /** null: unlimited. */
            dataMb: z.number().int().nullable(),
            dataUsedMb: z.number().int(),
            validityDays: z.number().int(),
            activatedAt: z.string().nullable(),
            expiresAt: z.string().nullable(),
            usageUpdatedAt: z.string().nullable(),
          }),
        ),
      }),
    ),
    messages: z.array(
      z.object({
        channel: z.enum(['email', 'sms']),
        to: z.string(),
        subject: z.string().nullable(),
        at: z.string(),
        /** Outbox delivery state when known (messages found in the outbox); null for recorded events. */
        status: z.enum(['pending', 'sent', 'failed']).nullable(),
      }),
    ),
    refunds: z.array(
      z.object({
        id: z.uuid(),
        kind: z.string(),
        status: z.enum(['pending', 'succeeded', 'failed']),
        amountCents: z.number().int(),
        error: z.string().nullable(),
        createdAt: z.string(),
        updatedAt: z.string(),
      }),
    ),
    timeline: z.array(orderTimelineEventSchema),
  })
  .meta({ id: 'StaffOrderPage' });
export type StaffOrderPage = z.infer<typeof staffOrderPageSchema>;
