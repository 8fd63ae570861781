import { couponCodeField } from './coupon-checkout';
import { esimPackageStatuses, esimStatuses } from './esim-lifecycle';
import { orderTimelineEventSchema } from './order-timeline';
import { orderKindSchema, orderReviewReasonSchema, orderStatusSchema } from './orders';
import { pagedSchema, pageQuerySchema, sortQuerySchema } from './paging';
import { refundErrorCodes } from './refund-errors';
import { countryCodeField, dbIntegerMax } from './validation';
import { apiSchemas, z } from './zod';

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
    /** Why the order is (or was last) in review; null for orders that never were, or older ones. */
    reviewReason: orderReviewReasonSchema.nullable(),
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
      /** What a gift card paid of the total (held until the card's rest is paid; ADR 0040). */
      giftCardCents: z.number().int(),
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
        status: z.enum(esimStatuses),
        /** `sold`: this order's own eSIM; `target`: the eSIM a top-up or change of eSIM was for. */
        role: z.enum(['sold', 'target']),
        installCount: z.number().int(),
        createdAt: z.string(),
        /** When it stopped working (replaced, freed or cancelled); null while it works. */
        endedAt: z.string().nullable(),
        packages: z.array(
          z.object({
            id: z.uuid(),
            orderId: z.uuid(),
            name: z.string(),
            status: z.enum(esimPackageStatuses),
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
        /** A failed refund's reason in our codes (ADR 0081) and the provider's own words. */
        errorCode: z.enum(refundErrorCodes).nullable(),
        error: z.string().nullable(),
        createdAt: z.string(),
        updatedAt: z.string(),
      }),
    ),
    timeline: z.array(orderTimelineEventSchema),
  })
  .register(apiSchemas, { id: 'StaffOrderPage' });
export type StaffOrderPage = z.infer<typeof staffOrderPageSchema>;

/** One row of "all orders" (issue 31). */
export const staffOrderSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    kind: orderKindSchema,
    status: orderStatusSchema,
    paymentMethod: z.enum(paymentMethods),
    buyerName: z.string(),
    buyerEmail: z.string(),
    country: z.string().nullable(),
    shopId: z.string().nullable(),
    packageName: z.string(),
    utmCampaign: z.string().nullable(),
    totalCents: z.number().int(),
    currency: z.string(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'StaffOrder' });
export type StaffOrder = z.infer<typeof staffOrderSchema>;

export const staffOrderSortFields = ['createdAt', 'paidAt', 'totalCents', 'number'] as const;

/**
 * Every order of every kind, filtered. `campaign`: a campaign's utm code (ADR 0058): the orders made with its
 * coupon or whose `utm_campaign` is that code (any case; a code no campaign has still finds its utm orders).
 * `coupon`: a coupon's code, the orders that used it (ADR 0057). `channel: shop` is the shops'
 * purchases (any kind bought by a shop), `customer` the rest. `q`: an order number (or part of it), an e-mail
 * address (whole, any case) or an ICCID (whole).
 */
export const staffOrdersQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  sort: sortQuerySchema(staffOrderSortFields).default('-createdAt'),
  q: z.string().trim().min(1).max(100).optional(),
  status: orderStatusSchema.optional(),
  kind: orderKindSchema.optional(),
  channel: z.enum(['customer', 'shop']).optional(),
  paymentMethod: z.enum(paymentMethods).optional(),
  createdAtFrom: z.iso.date().optional(),
  createdAtTo: z.iso.date().optional(),
  country: countryCodeField.optional(),
  shopId: z.uuid().optional(),
  campaign: z.string().trim().min(1).max(200).optional(),
  coupon: couponCodeField.optional(),
  /** Bounded like every number the API reads: a larger one overflowed PostgreSQL's integer (issue 39). */
  amountMinCents: z.coerce.number().int().min(0).max(dbIntegerMax).optional(),
  amountMaxCents: z.coerce.number().int().min(0).max(dbIntegerMax).optional(),
  // The rows behind a report's figure (ADR 0076): the sales the analytics and statistics count (ADR 0049), by
  // the day they were paid, and the traffic screens' source, campaign and landing page of an order.
  sales: z.enum(['yes']).optional(),
  paidAtFrom: z.iso.date().optional(),
  paidAtTo: z.iso.date().optional(),
  /** The order's traffic source as the statistics name it (`trafficSourceOf`): utm_source, facebook, a host or direct. */
  source: z.string().trim().toLowerCase().min(1).max(100).optional(),
  /** The order's `utm_campaign` exactly as the traffic screens show it (trimmed, at most 100 characters). */
  sourceCampaign: z.string().trim().min(1).max(100).optional(),
  /** The order's landing page without its query, as the traffic screens show it. */
  landingPage: z.string().trim().min(1).max(200).optional(),
  package: z.uuid().optional(),
});
export type StaffOrdersQuery = z.infer<typeof staffOrdersQuerySchema>;
export const staffOrdersCsvQuerySchema = staffOrdersQuerySchema.omit({ page: true, pageSize: true });
export type StaffOrdersCsvQuery = z.infer<typeof staffOrdersCsvQuerySchema>;
export const pagedStaffOrdersSchema = pagedSchema(staffOrderSchema, 'PagedStaffOrders');

/** One row of "for review": an order the system could not settle, and why (ADR 0034). */
export const staffReviewOrderSchema = staffOrderSchema
  .extend({
    /** Null for an order put in review before the reason was recorded (its `failureReason` says it in words). */
    reviewReason: orderReviewReasonSchema.nullable(),
    failureReason: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'StaffReviewOrder' });
export type StaffReviewOrder = z.infer<typeof staffReviewOrderSchema>;

export const staffReviewOrdersQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  sort: sortQuerySchema(staffOrderSortFields).default('-createdAt'),
  q: z.string().trim().min(1).max(100).optional(),
  reviewReason: orderReviewReasonSchema.optional(),
});
export type StaffReviewOrdersQuery = z.infer<typeof staffReviewOrdersQuerySchema>;
export const staffReviewOrdersCsvQuerySchema = staffReviewOrdersQuerySchema.omit({
  page: true,
  pageSize: true,
});
export type StaffReviewOrdersCsvQuery = z.infer<typeof staffReviewOrdersCsvQuerySchema>;
export const pagedStaffReviewOrdersSchema = pagedSchema(staffReviewOrderSchema, 'PagedStaffReviewOrders');

/** Approving or cancelling an order in review: money is at stake, so a reason is required. */
export const reviewDecisionBodySchema = z
  .strictObject({ reason: z.string().trim().min(1).max(500) })
  .register(apiSchemas, { id: 'StaffReviewDecisionBody' });
export type ReviewDecisionBody = z.infer<typeof reviewDecisionBodySchema>;

/** What a staff action on an order answers: the sentence to show and the order's state after it. */
export const staffOrderActionResponseSchema = z
  .object({ message: z.string(), status: orderStatusSchema })
  .register(apiSchemas, { id: 'StaffOrderActionResponse' });
export type StaffOrderActionResponse = z.infer<typeof staffOrderActionResponseSchema>;

/**
 * "Contact the buyer" sends one e-mail per order in this window; a second click inside it sends nothing and
 * says when the last one went (ADR 0035).
 */
export const contactBuyerWindowMinutes = 15;
export const contactBuyerResponseSchema = staffOrderActionResponseSchema
  .extend({ sent: z.boolean() })
  .register(apiSchemas, { id: 'StaffContactBuyerResponse' });
export type ContactBuyerResponse = z.infer<typeof contactBuyerResponseSchema>;
