import { nameField } from './auth';
import { auditEntrySchema } from './clients';
import { businessTypeSchema } from './forms';
import { orderStatusSchema } from './orders';
import { pagedSchema, pageQuerySchema, sortQuerySchema } from './paging';
import { countryCodeField, emailField } from './validation';
import { apiSchemas, z } from './zod';

/**
 * Partners (issue 12): the "become a partner" applications (`/staff/manage-businesses`) and the orders their
 * referral links brought (`/business/orders`). Approving a reseller creates a shop and invites its user;
 * approving an influencer or a business gives a referral code and link; a rejection e-mails the reason.
 */
export const businessStatuses = ['new', 'approved', 'rejected'] as const;

export const businessSchema = z
  .object({
    id: z.uuid(),
    fullName: z.string(),
    companyName: z.string().nullable(),
    country: z.string(),
    email: z.string(),
    phone: z.string(),
    title: z.string(),
    message: z.string(),
    businessType: businessTypeSchema,
    status: z.enum(businessStatuses),
    referralCode: z.string().nullable(),
    /** The link to share: any page of the site with `?ref=<code>`. */
    referralLink: z.string().nullable(),
    shopId: z.uuid().nullable(),
    rejectionReason: z.string().nullable(),
    createdAt: z.string(),
    version: z.string(),
  })
  .register(apiSchemas, { id: 'Business' });
export type Business = z.infer<typeof businessSchema>;

export const businessesQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  sort: sortQuerySchema(['createdAt', 'fullName']).default('-createdAt'),
  q: z.string().trim().max(100).optional(),
  status: z.enum(businessStatuses).optional(),
  businessType: businessTypeSchema.optional(),
});
export type BusinessesQuery = z.infer<typeof businessesQuerySchema>;
export const pagedBusinessesSchema = pagedSchema(businessSchema, 'PagedBusinesses');

export const businessIdParamsSchema = z.object({ businessId: z.uuid() });
export const businessDetailSchema = z
  .object({ business: businessSchema, history: z.array(auditEntrySchema) })
  .register(apiSchemas, { id: 'BusinessDetail' });
export type BusinessDetail = z.infer<typeof businessDetailSchema>;

export const approveBusinessBodySchema = z.strictObject({ version: z.string().min(1).max(64) });
export const rejectBusinessBodySchema = z.strictObject({
  version: z.string().min(1).max(64),
  reason: z.string().trim().min(3).max(500),
});
export type RejectBusinessBody = z.infer<typeof rejectBusinessBodySchema>;

export const businessResponseSchema = z
  .object({ business: businessSchema, message: z.string() })
  .register(apiSchemas, { id: 'BusinessResult' });
export type BusinessResponse = z.infer<typeof businessResponseSchema>;

/** A referral code as the site reads it from `?ref=`. */
export const referralCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{4,40}$/);

/** Orders a partner's link brought, with the partner. */
export const businessOrderSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    businessId: z.uuid(),
    businessName: z.string(),
    referralCode: z.string(),
    status: orderStatusSchema,
    totalCents: z.number().int(),
    buyerEmail: z.string(),
    paidAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .register(apiSchemas, { id: 'BusinessOrder' });
export type BusinessOrder = z.infer<typeof businessOrderSchema>;

export const businessOrdersQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  sort: sortQuerySchema(['createdAt', 'totalCents']).default('-createdAt'),
  businessId: z.uuid().optional(),
  q: z.string().trim().max(100).optional(),
});
export type BusinessOrdersQuery = z.infer<typeof businessOrdersQuerySchema>;

/** Per partner: how many paid orders its link brought and their total. */
export const businessTotalsSchema = z.object({
  businessId: z.uuid(),
  businessName: z.string(),
  referralCode: z.string(),
  paidOrders: z.number().int(),
  paidTotalCents: z.number().int(),
});
export const businessOrdersResponseSchema = pagedSchema(businessOrderSchema, 'PagedBusinessOrders').extend({
  totals: z.array(businessTotalsSchema),
});
export type BusinessOrdersResponse = z.infer<typeof businessOrdersResponseSchema>;

/** `/staff/create-shop`: a shop and its first user, who is invited by e-mail to choose a password. */
export const createShopBodySchema = z.strictObject({
  shopName: z.string().trim().min(2).max(100),
  sellShopPrice: z.coerce.number().int().min(0).max(500),
  firstName: nameField,
  lastName: nameField,
  email: emailField,
  country: countryCodeField.optional(),
});
export type CreateShopBody = z.infer<typeof createShopBodySchema>;
