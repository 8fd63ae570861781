import { humanProofField } from './auth';
import { businessTypes } from './business-types';
import { countryCodeField, emailField, multilineTextField, phoneField, textField } from './validation';
import { apiSchemas, z } from './zod';

export { businessTypes } from './business-types';
export const businessTypeSchema = z.enum(businessTypes);
export type BusinessType = z.infer<typeof businessTypeSchema>;

/** "Become a partner" (SPEC section 3); company name is the only optional field (SPEC section 5). */
export const partnerApplicationBodySchema = z.strictObject({
  fullName: textField(100, 2),
  companyName: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => (v ? v : undefined)),
  country: countryCodeField,
  email: emailField,
  phoneNumber: phoneField,
  title: textField(150),
  message: multilineTextField(2000, 10),
  businessType: businessTypeSchema,
  humanProof: humanProofField,
});
export type PartnerApplicationBody = z.infer<typeof partnerApplicationBodySchema>;

export const contactMessageBodySchema = z.strictObject({
  fullName: textField(100, 2),
  email: emailField,
  title: textField(150),
  message: multilineTextField(2000, 10),
  humanProof: humanProofField,
});
export type ContactMessageBody = z.infer<typeof contactMessageBodySchema>;

export const contentKeys = ['terms', 'privacy'] as const;
export const contentKeySchema = z.enum(contentKeys);
export const contentPageSchema = z
  .object({
    key: contentKeySchema,
    locale: z.string(),
    title: z.string(),
    /** Markdown: headings, paragraphs and lists. */
    body: z.string(),
    updatedAt: z.string(),
  })
  .register(apiSchemas, { id: 'ContentPage' });
export type ContentPage = z.infer<typeof contentPageSchema>;
