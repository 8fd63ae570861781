import { pagedSchema, pageQuerySchema, sortQuerySchema } from './paging';
import { apiSchemas, z } from './zod';

/**
 * `/orders/gift-cards` (issue 31): every gift card with its code masked, amount, balance, buyer, recipient, send
 * date and delivery state; a card's detail lists its redemptions; "resend" e-mails the code again. Admin only.
 */
export const giftCardDeliveryStates = ['awaiting_payment', 'scheduled', 'delivered'] as const;
export type GiftCardDeliveryState = (typeof giftCardDeliveryStates)[number];

export const staffGiftCardSchema = z
  .object({
    id: z.uuid(),
    orderId: z.uuid(),
    orderNumber: z.string(),
    /** `••••-••••-••••-K3QZ`; null until the purchase is paid. */
    maskedCode: z.string().nullable(),
    amountCents: z.number().int(),
    balanceCents: z.number().int(),
    buyerName: z.string(),
    buyerEmail: z.string(),
    recipientEmail: z.string(),
    sendOn: z.string(),
    locale: z.string(),
    deliveryState: z.enum(giftCardDeliveryStates),
    deliveredAt: z.string().nullable(),
    resendCount: z.number().int(),
    createdAt: z.string(),
  })
  .register(apiSchemas, { id: 'StaffGiftCard' });
export type StaffGiftCard = z.infer<typeof staffGiftCardSchema>;

export const staffGiftCardsQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  sort: sortQuerySchema(['createdAt', 'sendOn', 'amountCents', 'balanceCents']).default('-createdAt'),
  /** Buyer or recipient e-mail, order number, or the code's last four characters. */
  q: z.string().trim().max(100).optional(),
  deliveryState: z.enum(giftCardDeliveryStates).optional(),
});
export type StaffGiftCardsQuery = z.infer<typeof staffGiftCardsQuerySchema>;
export const staffGiftCardsCsvQuerySchema = staffGiftCardsQuerySchema.omit({ page: true, pageSize: true });
export type StaffGiftCardsCsvQuery = z.infer<typeof staffGiftCardsCsvQuerySchema>;
export const pagedStaffGiftCardsSchema = pagedSchema(staffGiftCardSchema, 'PagedStaffGiftCards');

export const giftCardIdParamsSchema = z.object({ giftCardId: z.uuid() });

/**
 * A line of a card's history (ADR 0080): a `redemption` (an order used the card) or a `refund` (a staff refund of
 * that order put money back on it, status `refunded`, with its refund's id).
 */
export const giftCardRedemptionSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(['redemption', 'refund', 'revocation']),
    refundId: z.uuid().nullable(),
    orderId: z.uuid(),
    orderNumber: z.string(),
    buyerEmail: z.string(),
    amountCents: z.number().int(),
    status: z.enum(['held', 'captured', 'released', 'refunded']),
    createdAt: z.string(),
  })
  .register(apiSchemas, { id: 'GiftCardRedemption' });
export type GiftCardRedemption = z.infer<typeof giftCardRedemptionSchema>;

export const staffGiftCardDetailSchema = z
  .object({ giftCard: staffGiftCardSchema, redemptions: z.array(giftCardRedemptionSchema) })
  .register(apiSchemas, { id: 'StaffGiftCardDetail' });
export type StaffGiftCardDetail = z.infer<typeof staffGiftCardDetailSchema>;

/** `clickId`: one per click, so a repeated request (a double submit, a retry) sends one e-mail. */
export const resendGiftCardBodySchema = z
  .strictObject({ reason: z.string().trim().max(500).optional(), clickId: z.uuid() })
  .register(apiSchemas, { id: 'ResendGiftCardBody' });
export type ResendGiftCardBody = z.infer<typeof resendGiftCardBodySchema>;

export const resendGiftCardResponseSchema = z
  .object({ giftCard: staffGiftCardSchema, message: z.string() })
  .register(apiSchemas, { id: 'ResendGiftCardResult' });
