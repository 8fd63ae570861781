import { packageTypeSchema } from './catalogue';
import { couponCodeField } from './coupon-checkout';
import { pagedSchema, pageQuerySchema, sortQuerySchema } from './paging';
import { countryCodeField, numberFieldOf } from './validation';
import { apiSchemas, z } from './zod';

/**
 * Coupons (issue 32, ADR 0057): `/coupons/all`, `/coupons/create`, `/coupons/edit/{id}`. Admin only. A coupon
 * takes a percent or a fixed amount off an order within its validity days (UTC, both included), its limits and
 * its scope.
 */
export const couponKinds = ['percent', 'fixed'] as const;
export type CouponKind = (typeof couponKinds)[number];

/** An empty input is "none". */
const emptyAsNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const optionalCount = z.preprocess(
  emptyAsNull,
  numberFieldOf(z.number().int().min(1).max(1_000_000)).nullable(),
);
const optionalText = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsNull, schema.nullable());

export const couponBodySchema = z
  .strictObject({
    code: couponCodeField,
    kind: z.enum(couponKinds),
    /** `percent`: 1 to 100. */
    percentOff: z.preprocess(emptyAsNull, numberFieldOf(z.number().int().min(1).max(100)).nullable()),
    /** `fixed`: the amount off in cents. */
    amountOffCents: z.preprocess(emptyAsNull, z.number().int().min(1).max(1_000_000).nullable()),
    /** First and last day it can be used (UTC); no last day: no end. */
    startsOn: z.iso.date(),
    endsOn: optionalText(z.iso.date()),
    maxRedemptions: optionalCount,
    maxPerCustomer: optionalCount,
    minOrderCents: z.number().int().min(0).max(1_000_000),
    scopePackageSlug: optionalText(z.string().trim().max(160)),
    scopePackageType: optionalText(packageTypeSchema),
    scopeCountry: optionalText(countryCodeField),
    /** Edit only: the version read, so two staff editing at once never overwrite each other. */
    version: z.string().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'percent' && body.percentOff === null)
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'required' });
    if (body.kind === 'fixed' && body.amountOffCents === null)
      ctx.addIssue({ code: 'custom', path: ['amountOffCents'], message: 'required' });
  })
  .register(apiSchemas, { id: 'CouponBody' });
export type CouponBody = z.input<typeof couponBodySchema>;
export type CouponValues = z.output<typeof couponBodySchema>;

export const couponSchema = z
  .object({
    id: z.uuid(),
    code: z.string(),
    kind: z.enum(couponKinds),
    percentOff: z.number().int().nullable(),
    amountOffCents: z.number().int().nullable(),
    startsOn: z.string(),
    endsOn: z.string().nullable(),
    maxRedemptions: z.number().int().nullable(),
    maxPerCustomer: z.number().int().nullable(),
    minOrderCents: z.number().int(),
    scopePackageSlug: z.string().nullable(),
    scopePackageType: packageTypeSchema.nullable(),
    scopeCountry: z.string().nullable(),
    /** Held and captured redemptions. */
    redeemedCount: z.number().int(),
    createdAt: z.string(),
    version: z.string(),
  })
  .register(apiSchemas, { id: 'Coupon' });
export type Coupon = z.infer<typeof couponSchema>;

export const couponSortFields = ['createdAt', 'code', 'redeemedCount'] as const;
export const couponsQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  sort: sortQuerySchema(couponSortFields).default('-createdAt'),
  /** Part of the code. */
  q: z.string().trim().max(40).optional(),
  kind: z.enum(couponKinds).optional(),
});
export type CouponsQuery = z.infer<typeof couponsQuerySchema>;
export const pagedCouponsSchema = pagedSchema(couponSchema, 'PagedCoupons');

export const couponIdParamsSchema = z.object({ couponId: z.uuid() });

export const couponResponseSchema = z
  .object({ coupon: couponSchema, message: z.string() })
  .register(apiSchemas, { id: 'CouponResponse' });
export type CouponResponse = z.infer<typeof couponResponseSchema>;
