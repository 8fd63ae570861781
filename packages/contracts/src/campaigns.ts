import { couponCodeField } from './coupon-checkout';
import { type Locale, locales } from './locales';
import { orderStatusSchema } from './orders';
import { pagedSchema, pageQuerySchema, sortQuerySchema } from './paging';
import { textField } from './validation';
import { apiSchemas, z } from './zod';

/**
 * Campaigns (issue 32, ADR 0058): `/campaigns/all`, `/campaigns/create`, `/campaigns/edit/{id}`,
 * `/campaigns/languages/{id}`, `/campaigns/orders/{id}`. Admin and analytics. A campaign runs between two UTC
 * days (both included), gives its discount through a coupon, shows a banner text per locale on the site while
 * it runs, and owns the orders made with its coupon or arriving through its link (`utm_campaign` = its code).
 */

/** The banner must read in the site's default language and in English (the fallback of every other locale). */
export const requiredBannerLocales = ['sq', 'en'] as const satisfies readonly Locale[];

export const bannerTextField = z.string().trim().max(200, { message: 'maxCharacters:200' });
const emptyAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** The twelve texts; an empty one is "not translated" (the English text shows instead). */
const bannerTextValue = z.preprocess(emptyAsUndefined, bannerTextField.optional());
export const bannerTextsSchema = z.strictObject(
  Object.fromEntries(locales.map((locale) => [locale, bannerTextValue])) as Record<
    Locale,
    typeof bannerTextValue
  >,
);
export type BannerTexts = Partial<Record<Locale, string>>;

export const campaignCodeField = z
  .string()
  .trim()
  .min(2, { message: 'minCharacters:2' })
  .max(60, { message: 'maxCharacters:60' })
  .transform((code) => code.toLowerCase())
  .refine((code) => /^[a-z0-9_-]+$/.test(code), { message: 'format' });

export const campaignBodySchema = z
  .strictObject({
    name: textField(100, 2),
    /** What its link carries as `utm_campaign`. */
    utmCode: campaignCodeField,
    startsOn: z.iso.date(),
    endsOn: z.iso.date(),
    /** The coupon that gives its discount; empty: none (the campaign only attributes orders). */
    couponCode: z.preprocess(emptyAsUndefined, couponCodeField.optional()),
    bannerTexts: bannerTextsSchema,
    version: z.string().optional(),
  })
  .register(apiSchemas, { id: 'CampaignBody' });
export type CampaignBody = z.input<typeof campaignBodySchema>;
export type CampaignValues = z.output<typeof campaignBodySchema>;

export const campaignLanguagesBodySchema = z
  .strictObject({ bannerTexts: bannerTextsSchema, version: z.string() })
  .register(apiSchemas, { id: 'CampaignLanguagesBody' });
export type CampaignLanguagesBody = z.input<typeof campaignLanguagesBodySchema>;
export type CampaignLanguagesValues = z.output<typeof campaignLanguagesBodySchema>;

export const campaignStates = ['scheduled', 'running', 'ended'] as const;
export type CampaignState = (typeof campaignStates)[number];

export const campaignSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    utmCode: z.string(),
    startsOn: z.string(),
    endsOn: z.string(),
    couponCode: z.string().nullable(),
    bannerTexts: z.record(z.string(), z.string()),
    state: z.enum(campaignStates),
    /** The site's link with its utm parameters. */
    link: z.string(),
    createdAt: z.string(),
    version: z.string(),
  })
  .register(apiSchemas, { id: 'Campaign' });
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignSortFields = ['createdAt', 'startsOn', 'name'] as const;
export const campaignsQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  sort: sortQuerySchema(campaignSortFields).default('-startsOn'),
  q: z.string().trim().max(100).optional(),
  state: z.enum(campaignStates).optional(),
});
export type CampaignsQuery = z.infer<typeof campaignsQuerySchema>;
export const pagedCampaignsSchema = pagedSchema(campaignSchema, 'PagedCampaigns');

export const campaignIdParamsSchema = z.object({ campaignId: z.uuid() });

export const campaignResponseSchema = z
  .object({ campaign: campaignSchema, message: z.string() })
  .register(apiSchemas, { id: 'CampaignResponse' });
export type CampaignResponse = z.infer<typeof campaignResponseSchema>;

/** An order the campaign brought: by its coupon, or by its link. */
export const campaignOrderSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    status: orderStatusSchema,
    buyerEmail: z.string(),
    totalCents: z.number().int(),
    discountCents: z.number().int(),
    via: z.enum(['coupon', 'link']),
    createdAt: z.string(),
  })
  .register(apiSchemas, { id: 'CampaignOrder' });
export type CampaignOrder = z.infer<typeof campaignOrderSchema>;

export const campaignOrdersQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  sort: sortQuerySchema(['createdAt', 'totalCents']).default('-createdAt'),
});
export type CampaignOrdersQuery = z.infer<typeof campaignOrdersQuerySchema>;

export const campaignOrdersSchema = z
  .object({
    items: z.array(campaignOrderSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    /** Over every attributed paid order (not the page): revenue is what they paid. */
    totals: z.object({
      paidOrders: z.number().int(),
      revenueCents: z.number().int(),
      discountCents: z.number().int(),
    }),
  })
  .register(apiSchemas, { id: 'CampaignOrdersPage' });
export type CampaignOrders = z.infer<typeof campaignOrdersSchema>;
