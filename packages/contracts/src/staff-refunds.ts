import { fulfilmentStatuses, orderKindSchema, orderStatusSchema } from './orders';
import { pagedSchema, pageQuerySchema, sortQuerySchema } from './paging';
import { refundErrorCodes } from './refund-errors';
import { apiSchemas, z } from './zod';

/**
 * Staff refunds (issue 31): a refund of an order (full or partial), of every refundable order of a client, the
 * retry of a failed one, and the six refund lists of SPEC section 2 (one list filtered by kind and status).
 * Admin only. Kinds per DESIGN section 3 (ADR 0037 says which cancel the eSIM package first).
 */

export const refundKinds = [
  'order',
  'duplicate_payment',
  'full_client',
  'all_packages_deleted',
  'deleted_package',
  'changed_esim',
] as const;
export type RefundKind = (typeof refundKinds)[number];
export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** What staff may choose on one order (`full_client` is the client refund; `duplicate_payment` is automatic). */
export const staffRefundKinds = ['order', 'deleted_package', 'all_packages_deleted', 'changed_esim'] as const;
/** Kinds that cancel the order's unused eSIM package at the provider before any money moves (ADR 0037). */
export const packageCancellingRefundKinds = ['deleted_package', 'all_packages_deleted'] as const;

const reasonField = z.string().trim().min(3).max(500);

export const createRefundBodySchema = z
  .strictObject({
    /** Cents, or `full` for everything still refundable when the refund is made. */
    amountCents: z.union([z.literal('full'), z.number().int().min(1).max(10_000_000)]),
    kind: z.enum(staffRefundKinds),
    reason: reasonField,
    /** Required when the order does not qualify under the refund policy from settings. */
    policyOverrideReason: reasonField.optional(),
  })
  .register(apiSchemas, { id: 'CreateRefundBody' });
export type CreateRefundBody = z.infer<typeof createRefundBodySchema>;

export const clientRefundBodySchema = z
  .strictObject({ reason: reasonField, policyOverrideReason: reasonField.optional() })
  .register(apiSchemas, { id: 'ClientRefundBody' });
export type ClientRefundBody = z.infer<typeof clientRefundBodySchema>;

export const refundIdParamsSchema = z.object({ orderId: z.uuid(), refundId: z.uuid() });

/** A refund with its economics: money returned, wholesale cost recovered by cancelling the package, net loss. */
export const staffRefundSchema = z
  .object({
    id: z.uuid(),
    orderId: z.uuid(),
    orderNumber: z.string(),
    orderKind: orderKindSchema,
    buyerEmail: z.string(),
    kind: z.enum(refundKinds),
    status: z.enum(refundStatuses),
    amountCents: z.number().int(),
    providerCostRecoveredCents: z.number().int(),
    /** Money returned less the provider cost recovered (negative: we recovered more than we returned). */
    netLossCents: z.number().int(),
    /** A failed refund: why, in our codes (ADR 0081; staff read it translated)... */
    errorCode: z.enum(refundErrorCodes).nullable(),
    /** ...and the provider's own words, the secondary detail. */
    error: z.string().nullable(),
    reason: z.string().nullable(),
    policyOverrideReason: z.string().nullable(),
    staffName: z.string().nullable(),
    attempts: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .register(apiSchemas, { id: 'StaffRefund' });
export type StaffRefund = z.infer<typeof staffRefundSchema>;

export const staffRefundSortFields = ['createdAt', 'amountCents'] as const;
export const staffRefundsQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  sort: sortQuerySchema(staffRefundSortFields).default('-createdAt'),
  q: z.string().trim().min(1).max(100).optional(),
  kind: z.enum(refundKinds).optional(),
  status: z.enum(refundStatuses).optional(),
});
export type StaffRefundsQuery = z.infer<typeof staffRefundsQuerySchema>;
export const staffRefundsCsvQuerySchema = staffRefundsQuerySchema.omit({ page: true, pageSize: true });
export type StaffRefundsCsvQuery = z.infer<typeof staffRefundsCsvQuerySchema>;
export const pagedStaffRefundsSchema = pagedSchema(staffRefundSchema, 'PagedStaffRefunds');

/** Why an order does or does not qualify under the refund policy. */
export const refundPolicyVerdicts = ['qualifies', 'installed', 'too_late'] as const;

/** What the refund action shows beside an order: how much may still go back, the policy and the economics. */
export const orderRefundQuoteSchema = z
  .object({
    orderId: z.uuid(),
    orderNumber: z.string(),
    orderStatus: orderStatusSchema,
    /** The order's lifecycle alone (ADR 0090): `paid` while it is still being carried out. */
    fulfilmentStatus: z.enum(fulfilmentStatuses),
    paymentMethod: z.enum(['card', 'credits', 'gift_card', 'free']),
    /** Whether this order can be refunded now (paid through us, something left that can go back). */
    refundable: z.boolean(),
    paidCents: z.number().int(),
    /** Pending and succeeded refunds: money already on its way back. */
    refundedCents: z.number().int(),
    /** The most a refund may give back now (less than what is left where a gift card or top-up was spent). */
    refundableCents: z.number().int(),
    policy: z.object({
      days: z.number().int(),
      verdict: z.enum(refundPolicyVerdicts),
    }),
    /** The package's wholesale cost, recovered if a package-cancelling kind cancels it unused. */
    packageCostCents: z.number().int(),
    packageUnused: z.boolean(),
    refunds: z.array(staffRefundSchema),
  })
  .register(apiSchemas, { id: 'OrderRefundQuote' });
export type OrderRefundQuote = z.infer<typeof orderRefundQuoteSchema>;

export const refundAnswerSchema = z
  .object({ refund: staffRefundSchema, message: z.string() })
  .register(apiSchemas, { id: 'RefundAnswer' });
export type RefundAnswer = z.infer<typeof refundAnswerSchema>;

export const clientRefundAnswerSchema = z
  .object({ refunds: z.array(staffRefundSchema), message: z.string() })
  .register(apiSchemas, { id: 'ClientRefundAnswer' });
export type ClientRefundAnswer = z.infer<typeof clientRefundAnswerSchema>;

/** The payments sandbox's switch that makes refunds fail (`available` only when the sandbox is the provider). */
export const sandboxRefundModeSchema = z
  .object({ available: z.boolean(), failRefunds: z.boolean() })
  .register(apiSchemas, { id: 'SandboxRefundMode' });
export type SandboxRefundMode = z.infer<typeof sandboxRefundModeSchema>;
export const setSandboxRefundModeBodySchema = z
  .strictObject({ failRefunds: z.boolean() })
  .register(apiSchemas, { id: 'SetSandboxRefundModeBody' });
