import { type Locale, locales } from './locales';
import { pagedSchema, pageQuerySchema, sortQuerySchema } from './paging';
import { countryCodeField, emailField } from './validation';
import { apiSchemas, z } from './zod';

/**
 * Push messages staff send to customers' phones (`/mobile/send-notification`, admin and analytics): a title and body
 * per locale (English required: the fallback for any locale left empty), an audience, now or at a time.
 */
export const pushAudiences = ['all', 'country', 'active_esim', 'customer'] as const;
export type PushAudience = (typeof pushAudiences)[number];

/** Lengths a phone shows without cutting (Android and iOS show about 65 and 240 characters). */
export const pushTitleMax = 65;
export const pushBodyMax = 240;

const otherLocales = locales.filter((locale): locale is Exclude<Locale, 'en'> => locale !== 'en');
const localized = (max: number) =>
  z.strictObject({
    en: z.string().trim().min(1).max(max),
    ...(Object.fromEntries(
      otherLocales.map((locale) => [locale, z.string().trim().max(max).optional()]),
    ) as Record<Exclude<Locale, 'en'>, z.ZodOptional<z.ZodString>>),
  });

const audienceFields = {
  audience: z.enum(pushAudiences),
  country: z.union([countryCodeField, z.literal('')]).optional(),
  customerEmail: z.union([emailField, z.literal('')]).optional(),
};

/** `country` needs a country, `customer` the customer's e-mail. */
const refineAudience = (
  value: { audience: PushAudience; country?: string; customerEmail?: string },
  ctx: z.RefinementCtx,
) => {
  if (value.audience === 'country' && !value.country)
    ctx.addIssue({ code: 'custom', path: ['country'], message: 'required' });
  if (value.audience === 'customer' && !value.customerEmail)
    ctx.addIssue({ code: 'custom', path: ['customerEmail'], message: 'required' });
};

/** Who receives it (the dry run takes only this). */
export const pushAudienceBodySchema = z.strictObject(audienceFields).superRefine(refineAudience);
export type PushAudienceBody = z.infer<typeof pushAudienceBodySchema>;

export const sendPushNotificationBodySchema = z
  .strictObject({
    titles: localized(pushTitleMax),
    bodies: localized(pushBodyMax),
    ...audienceFields,
    /** Empty: now. A time in the future: then (the dashboard sends UTC; a time without offset is read as UTC). */
    scheduledAt: z.union([z.iso.datetime({ offset: true, local: true }), z.literal('')]).optional(),
  })
  .superRefine(refineAudience);
export type SendPushNotificationBody = z.infer<typeof sendPushNotificationBodySchema>;

export const pushDryRunSchema = z
  .object({ customers: z.number().int(), devices: z.number().int(), message: z.string() })
  .register(apiSchemas, { id: 'PushDryRun' });
export type PushDryRun = z.infer<typeof pushDryRunSchema>;

export const pushNotificationStatuses = ['scheduled', 'sending', 'sent'] as const;

export const pushNotificationSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    audience: z.enum(pushAudiences),
    /** The audience's detail: the country code or the customer's e-mail. */
    audienceDetail: z.string().nullable(),
    status: z.enum(pushNotificationStatuses),
    scheduledAt: z.string(),
    sentAt: z.string().nullable(),
    /** Messages fanned out (one per device), delivered to the push service, failed for good. */
    sent: z.number().int(),
    delivered: z.number().int(),
    failed: z.number().int(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
  })
  .register(apiSchemas, { id: 'PushNotification' });
export type PushNotification = z.infer<typeof pushNotificationSchema>;

export const pushNotificationsQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  sort: sortQuerySchema(['createdAt', 'scheduledAt']).default('-createdAt'),
  status: z.enum(pushNotificationStatuses).optional(),
});
export type PushNotificationsQuery = z.infer<typeof pushNotificationsQuerySchema>;
export const pagedPushNotificationsSchema = pagedSchema(pushNotificationSchema, 'PagedPushNotifications');

export const pushNotificationResponseSchema = z
  .object({ notification: pushNotificationSchema, message: z.string() })
  .register(apiSchemas, { id: 'PushNotificationResult' });
export type PushNotificationResponse = z.infer<typeof pushNotificationResponseSchema>;
