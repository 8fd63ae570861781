import { apiSchemas, z } from './zod';

/** A coupon at checkout (issue 32, ADR 0057): the order form's code, and the "apply" preview of its discount. */

/** Upper case letters, digits and dashes; typed in any case. */
export const couponCodeField = z
  .string()
  .trim()
  .min(3, { message: 'minCharacters:3' })
  .max(32, { message: 'maxCharacters:32' })
  .transform((code) => code.toUpperCase())
  .refine((code) => /^[A-Z0-9-]+$/.test(code), { message: 'format' });

export const previewCouponBodySchema = z
  .strictObject({ code: couponCodeField, packageSlug: z.string().trim().min(1).max(160) })
  .register(apiSchemas, { id: 'PreviewCouponBody' });
export type PreviewCouponBody = z.infer<typeof previewCouponBodySchema>;

export const couponPreviewSchema = z
  .object({
    /** What the package costs before the coupon (the offer price while there is one). */
    priceCents: z.number().int(),
    discountCents: z.number().int(),
    totalCents: z.number().int(),
  })
  .register(apiSchemas, { id: 'CouponPreview' });
export type CouponPreview = z.infer<typeof couponPreviewSchema>;
