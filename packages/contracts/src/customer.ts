import { packageSummarySchema } from './catalogue';
import { esimPackageStatuses, esimStatuses } from './esim-lifecycle';
import {
  esimInstallSchema,
  expectedTotalField,
  orderKindSchema,
  orderRefundSchema,
  orderStatusSchema,
} from './orders';
import { pagedSchema, pageQuerySchema } from './paging';
import { apiSchemas, z } from './zod';

/** SPEC section 3, "Order (customer view)": number, package name, created, status, payment, date, data in GB. */
export const customerOrderSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    kind: orderKindSchema,
    packageName: z.string(),
    createdAt: z.string(),
    status: orderStatusSchema,
    /** How the payment stands: paid (or refunded later), awaiting payment, or failed. */
    payment: z.enum(['paid', 'unpaid', 'failed', 'refunded']),
    /** When it was paid; null while unpaid. */
    paidAt: z.string().nullable(),
    /** Data in GB; null for unlimited. */
    dataGb: z.number().nullable(),
    totalCents: z.number().int(),
    currency: z.literal('EUR'),
    invoiceAvailable: z.boolean(),
    /** Money given back on this order, oldest first (a second payment from another tab shows here). */
    refunds: z.array(orderRefundSchema),
  })
  .register(apiSchemas, { id: 'CustomerOrder' });
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

export const customerOrdersQuerySchema = pageQuerySchema({ defaultSize: 10, maxSize: 50 });

export const pagedCustomerOrdersSchema = pagedSchema(customerOrderSchema, 'PagedCustomerOrders');
export type PagedCustomerOrders = z.infer<typeof pagedCustomerOrdersSchema>;

/** SPEC section 3, "Active package": bought, remaining data, activated, expires, validity in days, status. */
export const customerEsimPackageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.enum(esimPackageStatuses),
    /** null: unlimited. */
    dataMb: z.number().int().nullable(),
    usedMb: z.number().int(),
    remainingMb: z.number().int().nullable(),
    validityDays: z.number().int(),
    boughtAt: z.string(),
    activatedAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    usageUpdatedAt: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'CustomerEsimPackage' });
export type CustomerEsimPackage = z.infer<typeof customerEsimPackageSchema>;

/** Reinstalls allowed on the same phone (SPEC section 4). */
export const esimInstallLimit = 5;

export const customerEsimSchema = z
  .object({
    id: z.string(),
    iccid: z.string(),
    status: z.enum(esimStatuses),
    installCount: z.number().int(),
    installLimit: z.number().int(),
    /** The eSIM that replaced this one (change of eSIM), if any. */
    replacedById: z.string().nullable(),
    createdAt: z.string(),
    /** When it stopped working (replaced, freed unused or cancelled: `status` says which); null while it works. */
    endedAt: z.string().nullable(),
    packages: z.array(customerEsimPackageSchema),
  })
  .register(apiSchemas, { id: 'CustomerEsim' });
export type CustomerEsim = z.infer<typeof customerEsimSchema>;

export const customerEsimsResponseSchema = z.object({ items: z.array(customerEsimSchema) });

export const esimIdParamsSchema = z.object({ esimId: z.uuid() });

/** The QR code page of one eSIM: its install details and how many reinstalls are left. */
export const customerEsimInstallSchema = esimInstallSchema
  .extend({ installCount: z.number().int(), installLimit: z.number().int() })
  .register(apiSchemas, { id: 'CustomerEsimInstall' });
export type CustomerEsimInstall = z.infer<typeof customerEsimInstallSchema>;

/** Packages that can go on one of the customer's eSIMs (same provider and destination, top-up allowed). */
export const topUpPackagesResponseSchema = z
  .object({ items: z.array(packageSummarySchema) })
  .register(apiSchemas, { id: 'TopUpPackages' });

/** Buy package (top-up): a package for an own eSIM, paid by card; it is queued behind the active one. */
export const createTopUpBodySchema = z
  .strictObject({
    esimId: z.uuid(),
    packageSlug: z.string().trim().min(1).max(160),
    /** The price the pay button showed (ADR 0093). */
    expectedTotalCents: expectedTotalField,
  })
  .register(apiSchemas, { id: 'CreateTopUpBody' });
export type CreateTopUpBody = z.infer<typeof createTopUpBodySchema>;

/**
 * Change eSIM (SPEC section 4): a new eSIM is bought, every active and queued package moves to it, and the old
 * one is disabled at the provider. The customer confirms having read what happens.
 */
export const changeEsimBodySchema = z
  .strictObject({
    confirm: z.literal(true),
    /** The price the form showed (ADR 0093). */
    expectedTotalCents: expectedTotalField,
  })
  .register(apiSchemas, { id: 'ChangeEsimBody' });

/** What a change of eSIM costs (from settings), shown before the customer confirms. */
export const changeEsimQuoteSchema = z
  .object({ priceCents: z.number().int(), currency: z.literal('EUR'), packagesToMove: z.number().int() })
  .register(apiSchemas, { id: 'ChangeEsimQuote' });
export type ChangeEsimQuote = z.infer<typeof changeEsimQuoteSchema>;
