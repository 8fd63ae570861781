import { packageTypes } from './catalogue';
import { auditEntrySchema } from './clients';
import { locales } from './locales';
import { pagedSchema, pageQuerySchema, sortQuerySchema } from './paging';
import { apiSchemas, z } from './zod';

/**
 * The staff dashboard's packages group (issue 32): every package with its price and cost, its edits and bulk
 * actions, adding from the provider's wholesale list, the ordered popular and offers lists, the reseller price
 * list and the catalogue sync's diff. Admin and analytics (SPEC section 6).
 */

/**
 * A price (or a reseller price) below the wholesale cost plus this margin needs the staff member's explicit
 * confirmation (ADR 0052): below it a package barely pays for card fees and refunds.
 */
export const minimumMarginPercent = 10;

/** The lowest price (cents) that keeps the minimum margin over a wholesale cost. */
export const minimumPriceCents = (wholesaleCents: number) =>
  Math.ceil((wholesaleCents * (100 + minimumMarginPercent)) / 100);

const version = z.string().min(1).max(64);
const cents = z.coerce.number().int().min(1).max(10_000_000);
const emptyIsNull = (value: unknown) => (value === '' || value === undefined ? null : value);
/** An offer's start or end: a day (the form's date picker) or a timestamp; empty is none. */
const offerDateSchema = z.preprocess(
  emptyIsNull,
  z.union([z.iso.datetime({ offset: true }), z.iso.date()]).nullable(),
);
const dayOnly = /^\d{4}-\d{2}-\d{2}$/;
/** When an offer starts: a day means from its start (UTC). */
export const offerStartOf = (value: string) => new Date(value);
/** When an offer ends: a day means at its end, so "until 31 December" includes that day (UTC). */
export const offerEndOf = (value: string) =>
  dayOnly.test(value) ? new Date(new Date(value).getTime() + 86_400_000) : new Date(value);

const displayNamesSchema = z
  .partialRecord(z.enum(locales), z.string().trim().max(120))
  .transform((names) => Object.fromEntries(Object.entries(names).filter(([, name]) => name)));

export const staffPackageSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    displayNames: z.record(z.string(), z.string()),
    type: z.enum(packageTypes),
    /** Country or region code, or null for global packages. */
    coverage: z.string().nullable(),
    countryCount: z.number().int(),
    dataMb: z.number().int().nullable(),
    validityDays: z.number().int(),
    priceCents: z.number().int(),
    offerPriceCents: z.number().int().nullable(),
    offerStartsAt: z.string().nullable(),
    offerEndsAt: z.string().nullable(),
    popular: z.boolean(),
    topUpAllowed: z.boolean(),
    active: z.boolean(),
    provider: z.string(),
    providerPackageCode: z.string(),
    wholesaleCents: z.number().int(),
    /** Price minus wholesale cost, in cents and in percent of the cost. */
    marginCents: z.number().int(),
    marginPercent: z.number(),
    resellerPriceCents: z.number().int().nullable(),
    updatedAt: z.string(),
    version: z.string(),
  })
  .register(apiSchemas, { id: 'StaffPackage' });
export type StaffPackage = z.infer<typeof staffPackageSchema>;

export const staffPackageSortFields = [
  'name',
  'priceCents',
  'wholesaleCents',
  'validityDays',
  'dataMb',
  'updatedAt',
] as const;
export const resellerListings = ['listed', 'unlisted'] as const;
export const packageStates = ['active', 'inactive'] as const;

export const staffPackagesQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  sort: sortQuerySchema(staffPackageSortFields).default('name'),
  q: z.string().trim().max(100).optional(),
  type: z.enum(packageTypes).optional(),
  state: z.enum(packageStates).optional(),
  /** The reseller screens: packages on the reseller price list, or the ones that may be added to it. */
  reseller: z.enum(resellerListings).optional(),
});
export type StaffPackagesQuery = z.infer<typeof staffPackagesQuerySchema>;
export const pagedStaffPackagesSchema = pagedSchema(staffPackageSchema, 'PagedStaffPackages');

export const packageIdParamsSchema = z.object({ packageId: z.uuid() });

export const staffPackageDetailSchema = z
  .object({ package: staffPackageSchema, history: z.array(auditEntrySchema) })
  .register(apiSchemas, { id: 'StaffPackageDetail' });
export type StaffPackageDetail = z.infer<typeof staffPackageDetailSchema>;

/** The edit drawer's fields; the offer's window is optional at either end. */
export const updatePackageBodySchema = z
  .strictObject({
    version,
    priceCents: cents,
    offerPriceCents: z.preprocess(emptyIsNull, cents.nullable()),
    offerStartsAt: offerDateSchema,
    offerEndsAt: offerDateSchema,
    popular: z.boolean(),
    active: z.boolean(),
    displayNames: displayNamesSchema,
    /** Sent after the staff member confirmed a price below the minimum margin. */
    confirmBelowMargin: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.offerPriceCents !== null && body.offerPriceCents >= body.priceCents)
      ctx.addIssue({
        code: 'custom',
        path: ['offerPriceCents'],
        message: 'packages.errors.offerNotBelowPrice',
      });
    if (
      body.offerStartsAt &&
      body.offerEndsAt &&
      offerEndOf(body.offerEndsAt) <= offerStartOf(body.offerStartsAt)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['offerEndsAt'],
        message: 'packages.errors.offerEndsBeforeStart',
      });
  });
export type UpdatePackageBody = z.infer<typeof updatePackageBodySchema>;

export const packageBulkActions = ['activate', 'deactivate', 'setMargin'] as const;
export type PackageBulkAction = (typeof packageBulkActions)[number];
export const bulkPackagesBodySchema = z
  .strictObject({
    ids: z.array(z.uuid()).min(1).max(500),
    action: z.enum(packageBulkActions),
    /** setMargin: the price becomes wholesale cost plus this percent (rounded up to .99 for the site). */
    marginPercent: z.coerce.number().int().min(0).max(500).optional(),
    confirmBelowMargin: z.boolean().optional(),
  })
  .refine((body) => body.action !== 'setMargin' || body.marginPercent !== undefined, {
    path: ['marginPercent'],
    message: 'required',
  });
export type BulkPackagesBody = z.infer<typeof bulkPackagesBodySchema>;

export const packageChangeResultSchema = z
  .object({ message: z.string(), changed: z.number().int() })
  .register(apiSchemas, { id: 'PackageChangeResult' });
export type PackageChangeResult = z.infer<typeof packageChangeResultSchema>;

/** A single package's change: the package as saved and the sentence the screen shows. */
export const packageAnswerSchema = z
  .object({ package: staffPackageSchema, message: z.string() })
  .register(apiSchemas, { id: 'PackageAnswer' });
export type PackageAnswer = z.infer<typeof packageAnswerSchema>;

/** A delete names the version staff saw (in the query: a DELETE has no body). */
export const packageVersionQuerySchema = z.object({ version });

/** A package on the provider's wholesale list, and whether we sell it already. */
export const wholesalePackageSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    type: z.enum(packageTypes),
    coverage: z.string().nullable(),
    countryCount: z.number().int(),
    dataMb: z.number().int().nullable(),
    validityDays: z.number().int(),
    wholesaleCents: z.number().int(),
    /** Our markup's price for it: the form's starting value. */
    suggestedPriceCents: z.number().int(),
    /** Already one of our packages (added, or brought by the sync). */
    listed: z.boolean(),
  })
  .register(apiSchemas, { id: 'WholesalePackage' });
export type WholesalePackageItem = z.infer<typeof wholesalePackageSchema>;

export const wholesalePackagesQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  sort: sortQuerySchema(['name', 'wholesaleCents']).default('name'),
  q: z.string().trim().max(100).optional(),
  type: z.enum(packageTypes).optional(),
});
export type WholesalePackagesQuery = z.infer<typeof wholesalePackagesQuerySchema>;
export const pagedWholesalePackagesSchema = pagedSchema(wholesalePackageSchema, 'PagedWholesalePackages');

export const addPackageBodySchema = z.strictObject({
  code: z.string().trim().min(1).max(100),
  priceCents: cents,
  confirmBelowMargin: z.boolean().optional(),
});
export type AddPackageBody = z.infer<typeof addPackageBodySchema>;

/** The two ordered lists of the home page. */
export const highlightLists = ['popular', 'offers'] as const;
export type HighlightList = (typeof highlightLists)[number];
export const highlightListParamsSchema = z.object({ list: z.enum(highlightLists) });
export const highlightOrderSchema = z
  .object({ items: z.array(staffPackageSchema) })
  .register(apiSchemas, { id: 'HighlightOrder' });
export type HighlightOrder = z.infer<typeof highlightOrderSchema>;
/** The whole list in its new order (every package on it, once). */
export const saveHighlightOrderBodySchema = z.strictObject({ ids: z.array(z.uuid()).max(500) });

export const setResellerPriceBodySchema = z.strictObject({
  version,
  resellerPriceCents: cents,
  confirmBelowMargin: z.boolean().optional(),
});
export type SetResellerPriceBody = z.infer<typeof setResellerPriceBodySchema>;
export const resellerBulkMarginBodySchema = z.strictObject({
  ids: z.array(z.uuid()).min(1).max(500),
  /** The reseller price becomes wholesale cost plus this percent. */
  marginPercent: z.coerce.number().int().min(0).max(500),
  confirmBelowMargin: z.boolean().optional(),
});
export type ResellerBulkMarginBody = z.infer<typeof resellerBulkMarginBodySchema>;

const diffPackageSchema = z.object({
  code: z.string(),
  name: z.string(),
  wholesaleCents: z.number().int(),
});
/** What applying the provider's list now would change. */
export const catalogueDiffSchema = z
  .object({
    added: z.array(diffPackageSchema),
    changedCost: z.array(
      diffPackageSchema.extend({
        id: z.uuid(),
        previousWholesaleCents: z.number().int(),
        priceCents: z.number().int(),
      }),
    ),
    dropped: z.array(diffPackageSchema.extend({ id: z.uuid() })),
    autoApply: z.boolean(),
  })
  .register(apiSchemas, { id: 'CatalogueDiff' });
export type CatalogueDiff = z.infer<typeof catalogueDiffSchema>;
