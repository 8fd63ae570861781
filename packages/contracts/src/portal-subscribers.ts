import { customerEsimSchema } from './customer';
import { esimInstallSchema, expectedTotalField } from './orders';
import { portalOrderSchema, resellerPackageSchema, subscriberSchema } from './portal';
import { phoneField } from './validation';
import { apiSchemas, z } from './zod';

/**
 * The reseller portal's subscribers side (issue 11): a subscriber's detail with eSIMs and delivery history, the
 * wizard's order status with install details, deliveries of an eSIM to its subscriber, change of eSIM by credits.
 */

export const subscriberIdParamsSchema = z.object({ subscriberId: z.uuid() });

export const deliveryChannels = ['email', 'sms', 'print'] as const;
export const deliveryChannelSchema = z.enum(deliveryChannels);
export type DeliveryChannel = z.infer<typeof deliveryChannelSchema>;

/** One delivery of an eSIM's install details to its subscriber: how, where to, when and by which shop user. */
export const subscriberDeliverySchema = z
  .object({
    id: z.uuid(),
    esimId: z.uuid(),
    iccid: z.string(),
    channel: deliveryChannelSchema,
    /** The e-mail address or phone number it went to; null for a printout. */
    recipient: z.string().nullable(),
    byName: z.string(),
    createdAt: z.string(),
  })
  .register(apiSchemas, { id: 'SubscriberDelivery' });
export type SubscriberDelivery = z.infer<typeof subscriberDeliverySchema>;

/** A subscriber with their eSIMs (packages, remaining data) and every delivery of one of them. */
export const subscriberDetailSchema = z
  .object({
    subscriber: subscriberSchema,
    esims: z.array(customerEsimSchema),
    deliveries: z.array(subscriberDeliverySchema),
  })
  .register(apiSchemas, { id: 'SubscriberDetail' });
export type SubscriberDetail = z.infer<typeof subscriberDetailSchema>;

/** The install details of one of the shop's subscribers' eSIMs. */
export const portalEsimInstallSchema = esimInstallSchema
  .extend({ esimId: z.uuid(), installCount: z.number().int(), installLimit: z.number().int() })
  .register(apiSchemas, { id: 'PortalEsimInstall' });
export type PortalEsimInstall = z.infer<typeof portalEsimInstallSchema>;

/**
 * The wizard's last step polls this: the order as it is now and, once the eSIM has arrived, its install details
 * (the new eSIM of a purchase or a change, the refilled eSIM of a refill).
 */
export const portalOrderStatusSchema = z
  .object({ order: portalOrderSchema, esim: portalEsimInstallSchema.nullable() })
  .register(apiSchemas, { id: 'PortalOrderStatus' });
export type PortalOrderStatus = z.infer<typeof portalOrderStatusSchema>;

/** Deliver an eSIM to its subscriber by e-mail (to the subscriber's address) or by SMS (to this number). */
export const createDeliveryBodySchema = z.discriminatedUnion('channel', [
  z.strictObject({ channel: z.literal('email') }),
  z.strictObject({ channel: z.literal('sms'), phone: phoneField }),
]);
export type CreateDeliveryBody = z.input<typeof createDeliveryBodySchema>;

/** A change of eSIM paid by credits: one order per idempotency key (drawn once per wizard run). */
export const createPortalEsimChangeBodySchema = z.strictObject({
  idempotencyKey: z
    .string()
    .trim()
    .min(8)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'format' }),
  /** The change fee the confirm step showed (ADR 0093): a different fee now refuses, nothing debited. */
  expectedTotalCents: expectedTotalField,
});
export type CreatePortalEsimChangeBody = z.infer<typeof createPortalEsimChangeBodySchema>;

/** What a change of this eSIM costs the shop in credits and how many packages move to the new one. */
export const portalChangeQuoteSchema = z
  .object({ priceCents: z.number().int(), packagesToMove: z.number().int(), currency: z.literal('EUR') })
  .register(apiSchemas, { id: 'PortalChangeQuote' });
export type PortalChangeQuote = z.infer<typeof portalChangeQuoteSchema>;

/** The reseller packages that fit one eSIM (refill): same provider and destination, top-up allowed. */
export const refillPackagesResponseSchema = z
  .object({ items: z.array(resellerPackageSchema) })
  .register(apiSchemas, { id: 'RefillPackages' });
