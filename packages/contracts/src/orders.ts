import { humanProofField } from './auth';
import { couponCodeField } from './coupon-checkout';
import { giftCardCodeField } from './gift-cards';
import { giftRecipientSchema } from './gift-esims';
import { pagedSchema, pageQuerySchema, sortQuerySchema } from './paging';
import { centsField, emailField, phoneField, textField } from './validation';
import { apiSchemas, z } from './zod';

export const orderStatuses = [
  'pending',
  'paid',
  'completed',
  'failed',
  'for_review',
  'refunded',
  'partially_refunded',
  'cancelled',
] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/**
 * An order's lifecycle alone, without its refunds (ADR 0090): `status` is this overlaid by the refunds that
 * succeeded (`refunded` when they cover the total, `partially_refunded` when some do), so a refund never stops or
 * hides what was carried out, and a refund that fails changes nothing.
 */
export const fulfilmentStatuses = [
  'pending',
  'paid',
  'completed',
  'failed',
  'for_review',
  'cancelled',
] as const;
export type FulfilmentStatus = (typeof fulfilmentStatuses)[number];

/** The status an order shows: its lifecycle overlaid by the refunds that succeeded (ADR 0090). */
export const shownOrderStatus = (order: {
  fulfilmentStatus: FulfilmentStatus;
  refundedCents: number;
  totalCents: number;
}): OrderStatus =>
  order.refundedCents <= 0
    ? order.fulfilmentStatus
    : order.refundedCents >= order.totalCents
      ? 'refunded'
      : 'partially_refunded';

export const orderKinds = [
  'esim',
  'topup',
  'change_esim',
  'credits',
  'gift_card',
  'gift_esim',
  'admin',
] as const;
export const orderKindSchema = z.enum(orderKinds);
export type OrderKind = z.infer<typeof orderKindSchema>;

/**
 * Why the system put an order in review instead of settling it (issue 31, ADR 0034): the amount paid differs
 * from the order's total, or a change of eSIM lost the race against another change of the same eSIM.
 */
export const orderReviewReasons = [
  'amount_mismatch',
  'esim_change_race',
  'coupon_limit_late_payment',
] as const;
export const orderReviewReasonSchema = z.enum(orderReviewReasons);
export type OrderReviewReason = z.infer<typeof orderReviewReasonSchema>;

const attributionField = z.string().trim().max(200).optional();

/** Where a visit came from: its campaign fields, the referring site (with consent only) and its landing page. */
const touchShape = {
  utmSource: attributionField,
  utmMedium: attributionField,
  utmCampaign: attributionField,
  fbclid: attributionField,
  referrerHost: attributionField,
  landingPage: z.string().trim().max(500).optional(),
};

/**
 * The price a buyer was shown and confirmed (ADR 0093). The server prices every order itself and only compares
 * this with its own price: a different one refuses the order with PRICE_CHANGED (409, the new price in words),
 * before anything is created or charged. Optional: a caller that showed no price sends none.
 */
export const expectedTotalField = centsField.optional();

/**
 * The order form (SPEC section 3: full name, e-mail, phone number) for one package. The body carries no price
 * to charge: the server prices every order itself, and unknown keys (a tampered `priceCents`) are refused. It
 * carries the price the page showed, which the server compares (ADR 0093).
 */
export const createOrderBodySchema = z
  .strictObject({
    packageSlug: z.string().trim().min(1).max(160),
    fullName: textField(100, 2),
    email: emailField,
    phoneNumber: phoneField,
    attribution: z
      .strictObject({
        ...touchShape,
        /** A partner's referral code from a `?ref=` link (unknown codes are ignored). */
        referralCode: z.string().trim().max(40).optional(),
        /** With consent to statistics only (ADR 0067): the visit's id and the visitor's first touch. */
        sessionId: z.uuid().optional(),
        firstTouch: z.strictObject(touchShape).optional(),
      })
      .optional(),
    /** Signed out only: the human check, as on forgot-password (the answer tells whether an account exists). */
    humanProof: humanProofField.optional(),
    /** A gift card pays what it covers (ADR 0040); the rest, if any, is paid by card. Empty: none. */
    giftCardCode: z.union([z.literal(''), giftCardCodeField]).optional(),
    /** A coupon (ADR 0057): the server applies it to the price; a refused code refuses the order. Empty: none. */
    couponCode: z.union([z.literal(''), couponCodeField]).optional(),
    /** A gift for someone else: the eSIM goes to the recipient, who claims it (a `gift_esim` order). */
    gift: giftRecipientSchema.optional(),
    /** The order's total the page showed: the package's price, less the coupon (ADR 0093). */
    expectedTotalCents: expectedTotalField,
    /** What the page said the card is charged: the total less what the gift card pays (ADR 0093). */
    expectedCardCents: expectedTotalField,
  })
  .register(apiSchemas, { id: 'CreateOrderBody' });
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

/** The order page's price for its codes (ADR 0093): asked on every "apply" and after a price changed. */
export const quoteOrderBodySchema = z
  .strictObject({
    packageSlug: z.string().trim().min(1).max(160),
    couponCode: z.union([z.literal(''), couponCodeField]).optional(),
    giftCardCode: z.union([z.literal(''), giftCardCodeField]).optional(),
  })
  .register(apiSchemas, { id: 'QuoteOrderBody' });
export type QuoteOrderBody = z.infer<typeof quoteOrderBodySchema>;

/**
 * What an order of the package with these codes costs now, priced as the order would be (nothing is held): the
 * order page shows `cardCents` on its pay button and sends `totalCents` and `cardCents` back with the order.
 */
export const orderQuoteSchema = z
  .object({
    /** The package's price now (its offer price while the offer runs). */
    priceCents: z.number().int(),
    /** What the coupon takes off (0 without one). */
    discountCents: z.number().int(),
    /** The order's total: price less discount. */
    totalCents: z.number().int(),
    /** What the gift card pays of the total (0 without one). */
    giftCardCents: z.number().int(),
    /** What the card page charges: the total less the gift card's part (0: the gift card pays it all). */
    cardCents: z.number().int(),
  })
  .register(apiSchemas, { id: 'OrderQuote' });
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

export const createOrderResponseSchema = z
  .object({
    orderId: z.string(),
    number: z.string(),
    totalCents: z.number().int(),
    currency: z.literal('EUR'),
    /** The payment provider's hosted page (sandbox: on our origin). */
    checkoutUrl: z.string(),
    /**
     * The order form's orders: this order's view token, the proof its "try again" (and receipt) asks for, for two
     * hours. The dashboard's top-ups and changes need none: the customer's session is their proof.
     */
    viewToken: z.string().optional(),
  })
  .register(apiSchemas, { id: 'CreateOrderResponse' });
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

export const orderIdParamsSchema = z.object({ orderId: z.uuid() });

/** The return URL's confirmation: the session id the provider put in the success URL. */
export const confirmPaymentBodySchema = z.strictObject({ sessionId: z.string().trim().min(1).max(255) });

/**
 * What the payment return page shows (SPEC section 4: success, failure, or completed earlier).
 * - `succeeded`: this is the first return for a paid order; `viewToken` opens the receipt (QR code) for a while.
 * - `completed_earlier`: the success page was already shown once: "This transaction was completed earlier…".
 * - `pending`: the provider has not confirmed yet; ask again shortly.
 * - `failed`: the payment did not go through ("Payment failed. Please try again!").
 */
export const paymentOutcomeSchema = z
  .object({
    /** `refunded`: this return's charge was a second one for an order already paid, and is given back. */
    outcome: z.enum(['succeeded', 'completed_earlier', 'refunded', 'pending', 'failed']),
    orderNumber: z.string(),
    viewToken: z.string().nullable(),
    /** SPEC section 8's message for the outcome, in the request's language (null while pending). */
    message: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'PaymentOutcome' });
export type PaymentOutcome = z.infer<typeof paymentOutcomeSchema>;

/** How to install an eSIM by hand or by one tap (DESIGN section 3). */
export const esimInstallSchema = z
  .object({
    iccid: z.string(),
    activationCode: z.string(),
    smdpAddress: z.string(),
    matchingId: z.string(),
    /** PNG data URL of the QR code; it encodes exactly `activationCode`. */
    qrCodeDataUrl: z.string(),
    iosInstallLink: z.string(),
  })
  .register(apiSchemas, { id: 'EsimInstall' });
export type EsimInstall = z.infer<typeof esimInstallSchema>;

/**
 * Money given back on an order (DESIGN section 3). Automatic ones: `duplicate_payment` (a second charge for an
 * order already paid, e.g. two tabs) and `order` (a paid order refused instead of fulfilled, e.g. a second
 * change of one eSIM).
 */
export const orderRefundSchema = z
  .object({
    kind: z.enum([
      'order',
      'duplicate_payment',
      'full_client',
      'all_packages_deleted',
      'deleted_package',
      'changed_esim',
    ]),
    amountCents: z.number().int(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    createdAt: z.string(),
  })
  .register(apiSchemas, { id: 'OrderRefund' });
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/** The receipt a return page polls until the eSIM is there (`esim` stays null while fulfilment runs). */
export const orderReceiptSchema = z
  .object({
    orderId: z.string(),
    number: z.string(),
    /**
     * esim: a new eSIM; topup: a package added to an eSIM (no new QR code); change_esim: a replacement eSIM;
     * gift_esim: a new eSIM sent to its recipient (`email`), whose QR code the buyer does not get.
     */
    kind: z.enum(['esim', 'topup', 'change_esim', 'gift_esim']),
    status: orderStatusSchema,
    /** The lifecycle alone (ADR 0090): `pending` or `paid` while the order is still being carried out. */
    fulfilmentStatus: z.enum(fulfilmentStatuses),
    packageName: z.string(),
    totalCents: z.number().int(),
    currency: z.literal('EUR'),
    email: z.string(),
    esim: esimInstallSchema.nullable(),
    /** Refunds on this order, oldest first (a second payment from another tab shows here). */
    refunds: z.array(orderRefundSchema),
  })
  .register(apiSchemas, { id: 'OrderReceipt' });
export type OrderReceipt = z.infer<typeof orderReceiptSchema>;

export { orderViewHeader } from './headers';

/**
 * `wait`: seconds the request may be held while the order's eSIM is still being prepared; it is answered as soon
 * as the order finishes (the success page's QR code without polling delays), or when the time is up.
 */
export const orderReceiptQuerySchema = z.object({
  wait: z.coerce.number().int().min(0).max(20).default(0),
});

/** A new checkout for an unpaid order (the failure page's "try again"). */
export const retryPaymentResponseSchema = z
  .object({ checkoutUrl: z.string() })
  .register(apiSchemas, { id: 'RetryPayment' });

/** Staff view of an order whose fulfilment failed (the "failed transactions" list). */
export const failedOrderSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    status: orderStatusSchema,
    buyerEmail: z.string(),
    packageName: z.string(),
    totalCents: z.number().int(),
    failureReason: z.string().nullable(),
    fulfilmentAttempts: z.number().int(),
    paidAt: z.string().nullable(),
    failedAt: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'FailedOrder' });
export type FailedOrder = z.infer<typeof failedOrderSchema>;

export const failedOrderSortFields = ['failedAt', 'paidAt', 'totalCents', 'number'] as const;
/**
 * The failed-transactions list (staff list kit): paging, a sort over the columns the list sorts by, newest
 * failure first, and a search over order number, buyer e-mail and package name.
 */
export const failedOrdersQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  sort: sortQuerySchema(failedOrderSortFields).default('-failedAt'),
  q: z.string().trim().max(100).optional(),
});
export type FailedOrdersQuery = z.infer<typeof failedOrdersQuerySchema>;
/** The same list as CSV: every row, no paging. */
export const failedOrdersCsvQuerySchema = failedOrdersQuerySchema.pick({ sort: true, q: true });
export const pagedFailedOrdersSchema = pagedSchema(failedOrderSchema, 'PagedFailedOrders');

/** A staff action on an order (retry...): why, for the order's timeline. Optional where no money moves. */
export const staffActionBodySchema = z
  .strictObject({ reason: z.string().trim().max(500).optional() })
  .nullish()
  .register(apiSchemas, { id: 'StaffOrderActionBody' });
export type StaffActionBody = z.infer<typeof staffActionBodySchema>;
