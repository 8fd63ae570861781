import { localeSchema } from './auth';
import { emailField, multilineTextField, textField } from './validation';
import { apiSchemas, z } from './zod';

/**
 * Gift eSIMs (issue 31): an eSIM bought for someone else. The order form's `gift` names the recipient; the eSIM's
 * e-mail goes to them in their language with a claim link, and they claim it into their account.
 */
export const giftRecipientSchema = z
  .strictObject({
    recipientEmail: emailField,
    recipientName: textField(100, 2),
    message: multilineTextField(500).optional(),
    /** The language of the recipient's e-mail (and of the claim page the link opens). */
    recipientLocale: localeSchema,
  })
  .register(apiSchemas, { id: 'GiftRecipient' });
export type GiftRecipient = z.infer<typeof giftRecipientSchema>;

/** The claim link's token, as the recipient's e-mail carries it. */
export const claimGiftEsimBodySchema = z
  .strictObject({ token: z.string().trim().min(20).max(200) })
  .register(apiSchemas, { id: 'ClaimGiftEsimBody' });
export type ClaimGiftEsimBody = z.infer<typeof claimGiftEsimBodySchema>;

export const claimGiftEsimResponseSchema = z
  .object({
    esimId: z.uuid(),
    packageName: z.string(),
    /** False when this account had claimed it already (a second click): nothing changed. */
    claimed: z.boolean(),
    message: z.string(),
  })
  .register(apiSchemas, { id: 'ClaimGiftEsimResponse' });
export type ClaimGiftEsimResponse = z.infer<typeof claimGiftEsimResponseSchema>;
