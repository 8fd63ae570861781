import { humanProofField, localeSchema } from './auth';
import { giftCardCodePattern, giftCardLimits, normaliseGiftCardCode } from './gift-card-rules';
import { emailField, multilineTextField, numberFieldOf, textField } from './validation';
import { apiSchemas, z } from './zod';

export * from './gift-card-rules';

/**
 * Gift cards on the site (issue 31, ADR 0040): bought like a package, e-mailed to the recipient on the send date
 * as a code, redeemed at checkout. Amounts are whole euros between the bounds below; the send date is a UTC day
 * from today up to a year ahead.
 */
export const giftCardCodeField = z
  .string()
  .trim()
  .max(40)
  .transform(normaliseGiftCardCode)
  .refine((code) => giftCardCodePattern.test(code), { message: 'format' });

export const buyGiftCardBodySchema = z
  .strictObject({
    /** Whole euros. */
    amount: numberFieldOf(
      z.number().int().min(giftCardLimits.minAmountEuros).max(giftCardLimits.maxAmountEuros),
    ),
    recipientEmail: emailField,
    message: multilineTextField(giftCardLimits.maxMessageCharacters, 0).optional(),
    sendOn: z.iso.date(),
    /** The language of the recipient's e-mail. */
    recipientLocale: localeSchema,
    fullName: textField(100, 2),
    email: emailField,
    humanProof: humanProofField.optional(),
  })
  .register(apiSchemas, { id: 'BuyGiftCardBody' });
export type BuyGiftCardBody = z.infer<typeof buyGiftCardBodySchema>;

export const buyGiftCardResponseSchema = z
  .object({
    orderId: z.uuid(),
    number: z.string(),
    totalCents: z.number().int(),
    checkoutUrl: z.string(),
  })
  .register(apiSchemas, { id: 'BuyGiftCardResponse' });
export type BuyGiftCardResponse = z.infer<typeof buyGiftCardResponseSchema>;

/** The order page's "apply": what a code would cover of a package's price. Nothing is held yet. */
export const giftCardPreviewBodySchema = z
  .strictObject({ code: giftCardCodeField, packageSlug: z.string().trim().min(1).max(160) })
  .register(apiSchemas, { id: 'GiftCardPreviewBody' });
export type GiftCardPreviewBody = z.infer<typeof giftCardPreviewBodySchema>;

export const giftCardPreviewSchema = z
  .object({
    coveredCents: z.number().int(),
    /** What is left to pay by card after the gift card (0: the gift card pays it all). */
    toPayCents: z.number().int(),
    totalCents: z.number().int(),
  })
  .register(apiSchemas, { id: 'GiftCardPreview' });
export type GiftCardPreview = z.infer<typeof giftCardPreviewSchema>;
