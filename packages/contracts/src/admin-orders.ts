import { localeSchema } from './auth';
import { orderStatusSchema } from './orders';
import { pagedSchema, pageQuerySchema, sortQuerySchema } from './paging';
import { emailField, textField } from './validation';
import { apiSchemas, z } from './zod';

/**
 * Admin orders (issue 31, ADR 0043): staff give a customer (or an e-mail, which gets an account as checkout
 * gives one) a package at no charge or at a price agreed off the platform, for a stated purpose and reason.
 * Fulfilled by the same job as a bought eSIM. Admin only.
 */

export const adminOrderPurposes = ['compensation', 'partner', 'test'] as const;
export type AdminOrderPurpose = (typeof adminOrderPurposes)[number];

export const createAdminOrderBodySchema = z
  .strictObject({
    /** An existing customer's e-mail, or a new one: the account is created as for an unregistered buyer. */
    email: emailField,
    /** The buyer's name on the order (and on a new account). */
    fullName: textField(100, 2),
    packageSlug: z.string().trim().min(1).max(160),
    /** 0: free. More: the agreed price, settled off the platform and recorded as the order's total. */
    priceCents: z.number().int().min(0).max(1_000_000),
    purpose: z.enum(adminOrderPurposes),
    reason: textField(500, 3),
    /** The language of the customer's e-mails; default: the account's own, or the site's default (sq). */
    locale: localeSchema.optional(),
    /** Made by the form once; a second submit with the same key answers the first order and creates nothing. */
    idempotencyKey: z.uuid(),
  })
  .register(apiSchemas, { id: 'CreateAdminOrderBody' });
export type CreateAdminOrderBody = z.infer<typeof createAdminOrderBodySchema>;

export const adminOrderSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    status: orderStatusSchema,
    buyerName: z.string(),
    buyerEmail: z.string(),
    packageName: z.string(),
    totalCents: z.number().int(),
    paymentMethod: z.enum(['free', 'card', 'credits', 'gift_card']),
    purpose: z.enum(adminOrderPurposes),
    reason: z.string(),
    staffName: z.string(),
    createdAt: z.string(),
  })
  .register(apiSchemas, { id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const createAdminOrderResponseSchema = z
  .object({
    order: adminOrderSchema,
    /** False when the idempotency key named an order made before (a double submit). */
    created: z.boolean(),
    message: z.string(),
  })
  .register(apiSchemas, { id: 'CreateAdminOrderResponse' });
export type CreateAdminOrderResponse = z.infer<typeof createAdminOrderResponseSchema>;

export const adminOrderSortFields = ['createdAt', 'totalCents'] as const;
export const adminOrdersQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  sort: sortQuerySchema(adminOrderSortFields).default('-createdAt'),
  /** Part of the order number or the buyer's e-mail. */
  q: z.string().trim().max(100).optional(),
  purpose: z.enum(adminOrderPurposes).optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;
export const adminOrdersCsvQuerySchema = adminOrdersQuerySchema.omit({ page: true, pageSize: true });
export type AdminOrdersCsvQuery = z.infer<typeof adminOrdersCsvQuerySchema>;
export const pagedAdminOrdersSchema = pagedSchema(adminOrderSchema, 'PagedAdminOrders');

/** The packages staff may give (sellable ones), searched by name or code: the form's choices. */
export const adminOrderPackagesQuerySchema = z.object({ q: z.string().trim().max(100).optional() });
export type AdminOrderPackagesQuery = z.infer<typeof adminOrderPackagesQuerySchema>;
export const adminOrderPackagesSchema = z
  .object({
    items: z.array(z.object({ slug: z.string(), name: z.string(), priceCents: z.number().int() })),
  })
  .register(apiSchemas, { id: 'AdminOrderPackages' });
export type AdminOrderPackages = z.infer<typeof adminOrderPackagesSchema>;
