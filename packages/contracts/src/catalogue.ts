import { pagedSchema, pageQuerySchema } from './paging';
import { textField } from './validation';
import { apiSchemas, z } from './zod';

export const packageTypes = ['global', 'regional', 'local'] as const;
export const packageTypeSchema = z.enum(packageTypes);
export type PackageType = z.infer<typeof packageTypeSchema>;

export const packageActivations = ['on_install', 'on_first_use'] as const;

export { salePriceCents } from './price';

export const operatorSchema = z.object({ name: z.string(), network: z.enum(['4G', '5G']) });
export type Operator = z.infer<typeof operatorSchema>;

export const countryCodeParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, { message: 'format' })
  .transform((v) => v.toUpperCase());

export const searchField = textField(100);

export const listPackagesQuerySchema = pageQuerySchema({ defaultSize: 24, maxSize: 100 }).extend({
  type: packageTypeSchema.optional(),
  q: searchField.optional(),
});
export type ListPackagesQuery = z.infer<typeof listPackagesQuerySchema>;

export const searchQuerySchema = z.object({ q: searchField });

export const countryRefSchema = z
  .object({ code: z.string(), name: z.string() })
  .register(apiSchemas, { id: 'CountryRef' });
export type CountryRef = z.infer<typeof countryRefSchema>;

export const packageSummarySchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    type: packageTypeSchema,
    name: z.string(),
    /** Localized: the country, region or "Global". */
    destination: z.string(),
    country: countryRefSchema.nullable(),
    region: z.object({ code: z.string(), name: z.string() }).nullable(),
    dataMb: z.number().int().nullable(),
    unlimited: z.boolean(),
    validityDays: z.number().int(),
    priceCents: z.number().int(),
    offerPriceCents: z.number().int().nullable(),
    currency: z.literal('EUR'),
    popular: z.boolean(),
    topUpAllowed: z.boolean(),
    activation: z.enum(packageActivations),
    countryCount: z.number().int(),
    networks: z.array(z.enum(['4G', '5G'])),
  })
  .register(apiSchemas, { id: 'PackageSummary' });
export type PackageSummary = z.infer<typeof packageSummarySchema>;

export const packageCoverageSchema = z.object({
  country: countryRefSchema,
  operators: z.array(operatorSchema),
});

export const packageDetailSchema = packageSummarySchema
  .extend({ coverage: z.array(packageCoverageSchema) })
  .register(apiSchemas, { id: 'PackageDetail' });
export type PackageDetail = z.infer<typeof packageDetailSchema>;

export const pagedPackagesSchema = pagedSchema(packageSummarySchema, 'PagedPackages');
export type PagedPackages = z.infer<typeof pagedPackagesSchema>;

export const destinationSchema = z
  .object({
    kind: z.enum(['country', 'region']),
    code: z.string(),
    name: z.string(),
    continent: z.string().nullable(),
    fromPriceCents: z.number().int(),
    packageCount: z.number().int(),
    popular: z.boolean(),
  })
  .register(apiSchemas, { id: 'Destination' });
export type Destination = z.infer<typeof destinationSchema>;

export const searchResponseSchema = z.object({ items: z.array(destinationSchema) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const listDestinationsQuerySchema = z.object({ kind: z.enum(['country', 'region']) });

export const countryPageSchema = z
  .object({
    country: z.object({ code: z.string(), name: z.string(), continent: z.string() }),
    local: z.array(packageSummarySchema),
    regional: z.array(packageSummarySchema),
    global: z.array(packageSummarySchema),
  })
  .register(apiSchemas, { id: 'CountryPage' });
export type CountryPage = z.infer<typeof countryPageSchema>;

export const regionPageSchema = z
  .object({
    region: z.object({ code: z.string(), name: z.string(), countries: z.array(countryRefSchema) }),
    packages: z.array(packageSummarySchema),
  })
  .register(apiSchemas, { id: 'RegionPage' });
export type RegionPage = z.infer<typeof regionPageSchema>;
