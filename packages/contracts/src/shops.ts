import { auditEntrySchema } from './clients';
import { pagedSchema, pageQuerySchema, sortQuerySchema } from './paging';
import { bonusTierSchema, creditBuckets, portalOrderSchema, statementSchema } from './portal';
import { apiSchemas, z } from './zod';

/**
 * The staff dashboard's shops (issue 12): all shops (`/clients/all-shops`), a shop's page
 * (`/clients/all-shops/{shopId}`) with its users, orders and credit ledger, a manual credit adjustment, and
 * the manage-shops actions (approve, suspend, reactivate, sellShopPrice). Admin only.
 */
export const shopStatuses = ['pending_verification', 'active', 'suspended'] as const;
export type ShopStatus = (typeof shopStatuses)[number];

export const shopSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    status: z.enum(shopStatuses),
    /** The shop's retail markup in percent (SPEC: sellShopPrice). */
    sellShopPrice: z.number().int(),
    /** The shop's own top-up bonus tiers; null: the settings' tiers apply. */
    bonusTiers: z.array(bonusTierSchema).nullable(),
    creditCents: z.number().int(),
    bonusCents: z.number().int(),
    totalCents: z.number().int(),
    ownerEmail: z.string().nullable(),
    usersCount: z.number().int(),
    ordersCount: z.number().int(),
    createdAt: z.string(),
    version: z.string(),
  })
  .register(apiSchemas, { id: 'Shop' });
export type Shop = z.infer<typeof shopSchema>;

export const shopsQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  sort: sortQuerySchema(['createdAt', 'name', 'creditCents', 'ordersCount']).default('-createdAt'),
  q: z.string().trim().max(100).optional(),
  status: z.enum(shopStatuses).optional(),
});
export type ShopsQuery = z.infer<typeof shopsQuerySchema>;
export const pagedShopsSchema = pagedSchema(shopSchema, 'PagedShops');

export const shopIdParamsSchema = z.object({ shopId: z.uuid() });

export const shopUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  verified: z.boolean(),
  status: z.enum(['active', 'blocked']),
});

/** The ledger's period on the shop's page; defaults to the last 30 days. */
export const shopDetailQuerySchema = pageQuerySchema({ defaultSize: 50, maxSize: 500 }).extend({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type ShopDetailQuery = z.infer<typeof shopDetailQuerySchema>;

export const shopDetailSchema = z
  .object({
    shop: shopSchema,
    users: z.array(shopUserSchema),
    subscribersCount: z.number().int(),
    orders: z.array(portalOrderSchema),
    statement: statementSchema,
    history: z.array(auditEntrySchema),
  })
  .register(apiSchemas, { id: 'ShopDetail' });
export type ShopDetail = z.infer<typeof shopDetailSchema>;

/** Approve (pending → active), suspend (active → suspended) or reactivate (suspended → active). */
export const shopActions = ['approve', 'suspend', 'reactivate'] as const;
export type ShopAction = (typeof shopActions)[number];
export const shopActionParamsSchema = shopIdParamsSchema.extend({ action: z.enum(shopActions) });
export const shopActionBodySchema = z.strictObject({ version: z.string().min(1).max(64) });

export const staffUpdateShopBodySchema = z.strictObject({
  version: z.string().min(1).max(64),
  sellShopPrice: z.coerce.number().int().min(0).max(500),
  /** Up to 10 tiers, each from a different amount; null: back to the settings' tiers; left out: unchanged. */
  bonusTiers: z
    .array(bonusTierSchema)
    .max(10)
    .refine((tiers) => new Set(tiers.map((t) => t.fromCents)).size === tiers.length, { message: 'invalid' })
    .nullable()
    .optional(),
});
export type StaffUpdateShopBody = z.infer<typeof staffUpdateShopBodySchema>;

/**
 * A manual credit adjustment: add or remove an amount (a removal never takes a balance below zero) in one
 * bucket, and why. The idempotency key, made once per form, makes a double click one adjustment.
 */
export const creditAdjustmentBodySchema = z.strictObject({
  direction: z.enum(['add', 'remove']),
  amountCents: z.number().int().min(1).max(10_000_000),
  bucket: z.enum(creditBuckets),
  reason: z.string().trim().min(3).max(200),
  idempotencyKey: z.string().min(8).max(80),
});
export type CreditAdjustmentBody = z.infer<typeof creditAdjustmentBodySchema>;

export const shopResponseSchema = z
  .object({ shop: shopSchema, message: z.string() })
  .register(apiSchemas, { id: 'ShopResult' });
export type ShopResponse = z.infer<typeof shopResponseSchema>;
