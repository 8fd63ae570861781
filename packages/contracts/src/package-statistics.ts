import { packageTypes } from './catalogue';
import {
  analyticsFiguresSchema,
  analyticsPeriodsSchema,
  analyticsPointSchema,
  analyticsRangeShape,
  analyticsRowSchema,
  checkAnalyticsRange,
} from './order-analytics';
import { pagedSchema, pageQuerySchema } from './paging';

// One package by its id: the same path parameter as the packages screens'.
export { packageIdParamsSchema } from './staff-packages';

import { apiSchemas, z } from './zod';

/**
 * Package statistics for staff (issue 33, ADR 0072): sales and revenue per package, one package's buyers over
 * time and its users, and which destinations buyers from each country buy. The sales counted and the revenue
 * are those of the orders analytics (ADR 0049), in euro cents. Admin and analytics.
 */

export const packageStatisticsQuerySchema = z.object(analyticsRangeShape).superRefine(checkAnalyticsRange);
export type PackageStatisticsQuery = z.infer<typeof packageStatisticsQuerySchema>;

const periodFigures = { current: analyticsFiguresSchema, previous: analyticsFiguresSchema };

export const packageSalesRowSchema = z
  .object({
    /** null: sales that recorded no package. */
    packageId: z.uuid().nullable(),
    slug: z.string().nullable(),
    /** The catalogue's current name. */
    name: z.string().nullable(),
    type: z.enum(packageTypes).nullable(),
    ...periodFigures,
  })
  .register(apiSchemas, { id: 'PackageSalesRow' });
export type PackageSalesRow = z.infer<typeof packageSalesRowSchema>;

export const packageStatisticsSchema = z
  .object({
    currency: z.literal('EUR'),
    range: analyticsPeriodsSchema,
    totals: z.object(periodFigures),
    /** Every package sold in either period, largest revenue in the range first; they add up to the totals. */
    rows: z.array(packageSalesRowSchema),
  })
  .register(apiSchemas, { id: 'PackageStatistics' });
export type PackageStatistics = z.infer<typeof packageStatisticsSchema>;

export const statisticsPackageSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    type: z.enum(packageTypes),
    countryCode: z.string().nullable(),
    regionCode: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'StatisticsPackage' });
export type StatisticsPackage = z.infer<typeof statisticsPackageSchema>;

export const packageSlugParamsSchema = z.object({ displayName: z.string().min(1).max(200) });

export const packageBuyersSchema = z
  .object({
    currency: z.literal('EUR'),
    range: analyticsPeriodsSchema,
    package: statisticsPackageSchema,
    totals: z.object(periodFigures),
    overTime: z.array(analyticsPointSchema),
    /** By the buyer's country: the ten largest and "other" (ADR 0049's breakdown rule). */
    byCountry: z.array(analyticsRowSchema),
  })
  .register(apiSchemas, { id: 'PackageBuyers' });
export type PackageBuyers = z.infer<typeof packageBuyersSchema>;

export const packageUsersQuerySchema = z
  .object({ ...analyticsRangeShape, ...pageQuerySchema({ defaultSize: 50, maxSize: 200 }).shape })
  .superRefine(checkAnalyticsRange);
export type PackageUsersQuery = z.infer<typeof packageUsersQuerySchema>;

export const packageUserSchema = z
  .object({
    /** The customer's account; null for a shop's subscriber or a buyer without one. */
    userId: z.uuid().nullable(),
    name: z.string(),
    email: z.string(),
    country: z.string().nullable(),
    orders: z.number().int(),
    revenueCents: z.number().int(),
    lastPaidAt: z.iso.datetime({ offset: true }),
  })
  .register(apiSchemas, { id: 'PackageUser' });
export type PackageUser = z.infer<typeof packageUserSchema>;

export const packageUsersSchema = pagedSchema(packageUserSchema, 'PackageUsersPage');
export type PackageUsers = z.infer<typeof packageUsersSchema>;

export const packageDestinationSchema = z
  .object({
    /** The package's country or region code; null for a global package or a sale without a package. */
    code: z.string().nullable(),
    type: z.enum([...packageTypes, 'none']),
  })
  .register(apiSchemas, { id: 'PackageDestination' });
export type PackageDestination = z.infer<typeof packageDestinationSchema>;

export const packagesByCountryCellSchema = z
  .object({
    /** The buyer's country; null: not recorded. */
    buyerCountry: z.string().nullable(),
    destination: packageDestinationSchema,
    ...periodFigures,
  })
  .register(apiSchemas, { id: 'PackagesByCountryCell' });
export type PackagesByCountryCell = z.infer<typeof packagesByCountryCellSchema>;

export const packagesByCountrySchema = z
  .object({
    currency: z.literal('EUR'),
    range: analyticsPeriodsSchema,
    totals: z.object(periodFigures),
    /** Every buyer country × destination with a sale in either period; they add up to the totals. */
    cells: z.array(packagesByCountryCellSchema),
  })
  .register(apiSchemas, { id: 'PackagesByCountry' });
export type PackagesByCountry = z.infer<typeof packagesByCountrySchema>;
