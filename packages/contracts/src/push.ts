import { apiSchemas, z } from './zod';

/**
 * Push to a customer's phone (issue 32): native apps register their FCM token, the installable site its Web Push
 * subscription. Customers only; a device is removed by its owner or when the push service says it is gone.
 */
export const pushConfigSchema = z
  .object({
    /** The VAPID public key browsers subscribe with; null where the site does not offer notifications. */
    webPushPublicKey: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'PushConfig' });
export type PushConfig = z.infer<typeof pushConfigSchema>;

export const pushDeviceSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(['fcm', 'web']),
    platform: z.enum(['android', 'ios', 'web']),
    createdAt: z.string(),
  })
  .register(apiSchemas, { id: 'PushDevice' });
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDeviceResponseSchema = z
  .object({ device: pushDeviceSchema, message: z.string() })
  .register(apiSchemas, { id: 'PushDeviceResult' });
export type PushDeviceResponse = z.infer<typeof pushDeviceResponseSchema>;

/** A native app's FCM registration token (FCM tokens are about 160 characters; room for growth). */
export const registerPushDeviceBodySchema = z.strictObject({
  token: z
    .string()
    .trim()
    .min(20)
    .max(4096)
    .regex(/^[\w:.-]+$/, { message: 'format' }),
  platform: z.enum(['android', 'ios']),
});
export type RegisterPushDeviceBody = z.infer<typeof registerPushDeviceBodySchema>;

export const pushDeviceIdParamsSchema = z.object({ deviceId: z.uuid() });

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: 'format' });

/** `PushSubscription.toJSON()` as the browser gives it. */
export const webPushSubscriptionBodySchema = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  keys: z.strictObject({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
  /** The browser's own field (ms since 1970, usually null), accepted and not kept; bounded by the latest Date. */
  expirationTime: z.number().min(0).max(8_640_000_000_000_000).nullish(),
});
export type WebPushSubscriptionBody = z.infer<typeof webPushSubscriptionBodySchema>;

export const removeWebPushSubscriptionQuerySchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
});
