import { orderStatusSchema } from './orders';
import { refundErrorCodes } from './refund-errors';
import { apiSchemas, z } from './zod';

/**
 * An order's timeline (issue 31, ADR 0031): what happened to an order, newest first on the staff order page.
 * The database stores these kinds and actors (`order_events`); each kind's `detail` has the shape below.
 */
export const orderEventKinds = [
  'state_changed',
  'payment_attempt',
  'webhook_received',
  'provider_call',
  'message_sent',
  'refund',
  'staff_action',
  'gift_claimed',
] as const;
export type OrderEventKind = (typeof orderEventKinds)[number];

export const orderEventActors = [
  'system',
  'buyer',
  'shop',
  'staff',
  'payment_provider',
  'esim_provider',
  /** A gift eSIM's recipient (the account that claimed it). */
  'recipient',
] as const;
export type OrderEventActor = (typeof orderEventActors)[number];

/** What the eSIM provider was asked for an order. */
export const providerRequests = ['order_profile', 'query_order', 'top_up', 'revoke', 'cancel'] as const;

export const orderEventDetailSchemas = {
  state_changed: z.object({
    from: orderStatusSchema.nullable(),
    to: orderStatusSchema,
    reason: z.string().nullable(),
  }),
  payment_attempt: z.object({
    provider: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed', 'expired']),
    amountCents: z.number().int().nullable(),
    failureReason: z.string().nullable(),
  }),
  webhook_received: z.object({ provider: z.string(), eventId: z.string(), type: z.string() }),
  provider_call: z.object({
    request: z.enum(providerRequests),
    ok: z.boolean(),
    /** The answer in a few words (`ready`, `allocating`, or the provider's error). */
    answer: z.string(),
    ms: z.number().int(),
  }),
  message_sent: z.object({
    channel: z.enum(['email', 'sms']),
    to: z.string(),
    subject: z.string().nullable(),
  }),
  refund: z.object({
    kind: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    amountCents: z.number().int(),
    /** A failed refund: why, in our codes (ADR 0081), and the provider's own words. */
    errorCode: z.enum(refundErrorCodes).optional(),
    error: z.string().nullable().optional(),
  }),
  staff_action: z.object({ action: z.string(), reason: z.string().nullable() }),
  /** A gift eSIM claimed into an account (ADR 0082): which account, and when. */
  gift_claimed: z.object({ accountId: z.string(), email: z.string(), claimedAt: z.string() }),
} satisfies Record<OrderEventKind, z.ZodType>;

/** An event as code records it: its kind and that kind's detail. */
export type OrderEventDetail = {
  [K in OrderEventKind]: { kind: K; detail: z.infer<(typeof orderEventDetailSchemas)[K]> };
}[OrderEventKind];

const eventBase = {
  /** null for an event synthesised from older records (orders placed before the timeline existed). */
  id: z.string().nullable(),
  at: z.string(),
  actor: z.enum(orderEventActors),
  /** The staff member who acted (actor `staff`). */
  staff: z.object({ id: z.string(), name: z.string() }).nullable(),
};

const eventOf = <K extends OrderEventKind>(kind: K) =>
  z.object({ ...eventBase, kind: z.literal(kind), detail: orderEventDetailSchemas[kind] });

/** One line of an order's timeline (the staff order page). */
export const orderTimelineEventSchema = z
  .discriminatedUnion('kind', [
    eventOf('state_changed'),
    eventOf('payment_attempt'),
    eventOf('webhook_received'),
    eventOf('provider_call'),
    eventOf('message_sent'),
    eventOf('refund'),
    eventOf('staff_action'),
    eventOf('gift_claimed'),
  ])
  .register(apiSchemas, { id: 'OrderTimelineEvent' });
export type OrderTimelineEvent = z.infer<typeof orderTimelineEventSchema>;
