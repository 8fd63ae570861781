import { orderStatusSchema } from './orders';
import { pagedSchema, pageQuerySchema, sortQuerySchema } from './paging';
import { apiSchemas, z } from './zod';

/** The staff's gift eSIMs (issue 31): who bought for whom, whether it reached them and who claimed it. Admin only. */

/** `ended`: refunded in full to the giver, or its eSIM freed or cancelled, before a claim (ADR 0091). */
export const giftDeliveryStates = ['pending', 'sent', 'claimed', 'ended'] as const;
export type GiftDeliveryState = (typeof giftDeliveryStates)[number];

export const staffGiftEsimSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    status: orderStatusSchema,
    buyerName: z.string(),
    buyerEmail: z.string(),
    recipientName: z.string(),
    recipientEmail: z.string(),
    recipientLocale: z.string(),
    packageName: z.string(),
    totalCents: z.number().int(),
    delivery: z.enum(giftDeliveryStates),
    sendCount: z.number().int(),
    sentAt: z.string().nullable(),
    claimedByEmail: z.string().nullable(),
    claimedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .register(apiSchemas, { id: 'StaffGiftEsim' });
export type StaffGiftEsim = z.infer<typeof staffGiftEsimSchema>;

export const giftEsimsQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  sort: sortQuerySchema(['createdAt', 'claimedAt']).default('-createdAt'),
  /** Part of the order number, the buyer's or the recipient's e-mail. */
  q: z.string().trim().max(100).optional(),
  delivery: z.enum(giftDeliveryStates).optional(),
});
export type GiftEsimsQuery = z.infer<typeof giftEsimsQuerySchema>;
export const giftEsimsCsvQuerySchema = giftEsimsQuerySchema.omit({ page: true, pageSize: true });
export type GiftEsimsCsvQuery = z.infer<typeof giftEsimsCsvQuerySchema>;
export const pagedGiftEsimsSchema = pagedSchema(staffGiftEsimSchema, 'PagedStaffGiftEsims');

export const resendGiftEsimResponseSchema = z
  .object({
    gift: staffGiftEsimSchema,
    /** False when the e-mail went out less than a minute ago (a second click): nothing was sent again. */
    resent: z.boolean(),
    message: z.string(),
  })
  .register(apiSchemas, { id: 'ResendGiftEsimResponse' });
export type ResendGiftEsimResponse = z.infer<typeof resendGiftEsimResponseSchema>;
