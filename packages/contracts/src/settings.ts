import { contentKeySchema } from './forms';
import { locales } from './locales';
import { pagedSchema, pageQuerySchema, sortQuerySchema } from './paging';
import {
  dbIntegerMax,
  emailField,
  multilineTextField,
  numberFieldOf,
  phoneField,
  textField,
} from './validation';
import { apiSchemas, z } from './zod';

const wholeNumber = (min: number, max: number) => numberFieldOf(z.number().int().min(min).max(max));
const percent = wholeNumber(0, 100);
/** Integer cents, entered in euros: the bounds are said in euros, as the form shows the amount. */
const cents = (min: number, max: number) =>
  numberFieldOf(
    z
      .number()
      .int()
      .min(min, { message: `minValue:${min / 100}` })
      .max(max, { message: `maxValue:${max / 100}` }),
  );

/** A top-up of at least `fromCents` earns `percent` of it as bonus (the highest tier the amount reaches). */
const bonusTierSchema = z.strictObject({ fromCents: cents(0, 100_000_000), percent });

/**
 * The general options staff edit (`/settings/general-options`), the one contract the server validates and the
 * form checks with. Stored as one JSON row (key 'general'); every change is a version (ADR 0063).
 */
export const generalOptionsSchema = z
  .strictObject({
    supportEmail: emailField,
    whatsappNumber: phoneField,
    seller: z.strictObject({
      name: textField(120),
      /** Address lines as printed on the invoice; empty lines are dropped. */
      address: z
        .array(z.string().trim().max(100))
        .max(4)
        .transform((lines) => lines.filter((line) => line !== ''))
        .pipe(z.array(z.string()).min(1)),
      taxId: textField(40),
      email: emailField,
    }),
    vatRatePercent: percent,
    topUpBonusTiers: z
      .array(bonusTierSchema)
      .max(8)
      .superRefine((tiers, ctx) => {
        // Each tier starts above the one before: otherwise "the highest tier reached" is ambiguous.
        tiers.forEach((tier, i) => {
          const before = tiers[i - 1];
          if (before && tier.fromCents <= before.fromCents)
            ctx.addIssue({ code: 'custom', message: 'invalid', path: [i, 'fromCents'] });
        });
      }),
    /** SPEC section 9: 200 EUR; never below 1 EUR. */
    minimumTopUpCents: cents(100, 100_000_000),
    /** The first notice (SPEC: 60 %) and the second (98 %); the second above the first. */
    alertThresholds: z
      .tuple([wholeNumber(1, 99), wholeNumber(2, 100)])
      .superRefine(([first, second], ctx) => {
        if (second <= first) ctx.addIssue({ code: 'custom', message: `minValue:${first + 1}`, path: [1] });
      }),
    freeUnusedEsimAfterDays: wholeNumber(1, 365),
    freeUnusedEsimsAutomatically: z.boolean(),
    refundFullIfNotInstalledDays: wholeNumber(0, 365),
    catalogueSyncAutoApply: z.boolean(),
    catalogueMarkupPercent: wholeNumber(0, 500),
    resellerMarkupPercent: wholeNumber(0, 500),
    changeEsimPriceCents: cents(0, 100_000),
  })
  .register(apiSchemas, { id: 'GeneralOptions' });
export type GeneralOptionsInput = z.input<typeof generalOptionsSchema>;
export type GeneralOptions = z.output<typeof generalOptionsSchema>;

/** The stored options as answered (no parsing on the way out). */
const generalOptionsValueSchema = z
  .object({
    supportEmail: z.string(),
    whatsappNumber: z.string(),
    seller: z.object({
      name: z.string(),
      address: z.array(z.string()),
      taxId: z.string(),
      email: z.string(),
    }),
    vatRatePercent: z.number(),
    topUpBonusTiers: z.array(z.object({ fromCents: z.number(), percent: z.number() })),
    minimumTopUpCents: z.number(),
    alertThresholds: z.tuple([z.number(), z.number()]),
    freeUnusedEsimAfterDays: z.number(),
    freeUnusedEsimsAutomatically: z.boolean(),
    refundFullIfNotInstalledDays: z.number(),
    catalogueSyncAutoApply: z.boolean(),
    catalogueMarkupPercent: z.number(),
    resellerMarkupPercent: z.number(),
    changeEsimPriceCents: z.number(),
  })
  .register(apiSchemas, { id: 'GeneralOptionsValue' });

/** Who made a version and when; `restoredFrom` is the version number it restored. */
export const settingVersionSchema = z
  .object({
    id: z.uuid(),
    version: z.number().int(),
    staffName: z.string().nullable(),
    restoredFrom: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .register(apiSchemas, { id: 'SettingVersion' });
export type SettingVersion = z.infer<typeof settingVersionSchema>;

/** The current options, their version (sent back with a change: a stale one is RECORD_CHANGED) and history. */
export const generalOptionsResponseSchema = z
  .object({
    options: generalOptionsValueSchema,
    version: z.number().int(),
    versions: z.array(settingVersionSchema),
  })
  .register(apiSchemas, { id: 'GeneralOptionsResponse' });
export type GeneralOptionsResponse = z.infer<typeof generalOptionsResponseSchema>;

export const saveGeneralOptionsBodySchema = z.strictObject({
  options: generalOptionsSchema,
  version: z.number().int().min(0).max(dbIntegerMax),
});
export type SaveGeneralOptionsBody = z.input<typeof saveGeneralOptionsBodySchema>;

export const restoreVersionBodySchema = z.strictObject({
  version: z.number().int().min(0).max(dbIntegerMax),
});
export const versionIdParamsSchema = z.object({ versionId: z.uuid() });

export const settingSavedSchema = z
  .object({ message: z.string(), version: z.number().int() })
  .register(apiSchemas, { id: 'SettingSaved' });
export type SettingSaved = z.infer<typeof settingSavedSchema>;

/** The privacy policy or the terms in one locale, as staff edit them (Markdown body). */
export const policyTextSchema = z.object({ title: textField(200), body: multilineTextField(100_000) });
export const policyParamsSchema = z.object({ key: contentKeySchema, locale: z.enum(locales) });
export const policyResponseSchema = z
  .object({
    key: contentKeySchema,
    locale: z.enum(locales),
    title: z.string(),
    body: z.string(),
    version: z.number().int(),
    versions: z.array(settingVersionSchema),
  })
  .register(apiSchemas, { id: 'PolicyText' });
export type PolicyResponse = z.infer<typeof policyResponseSchema>;
export const savePolicyBodySchema = policyTextSchema
  .extend({ version: z.number().int().min(0).max(dbIntegerMax) })
  .strict();
export type SavePolicyBody = z.input<typeof savePolicyBodySchema>;

/** eSIMs the daily job listed as unused (`pending`) and freed ones. */
export const esimReleaseSchema = z
  .object({
    id: z.uuid(),
    iccid: z.string(),
    owner: z.string(),
    packageName: z.string(),
    boughtAt: z.string(),
    listedAt: z.string(),
    unusedDays: z.number().int(),
    freedAt: z.string().nullable(),
    reason: z.enum(['confirmed', 'automatic']).nullable(),
    freedBy: z.string().nullable(),
    lastError: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'EsimRelease' });
export type EsimRelease = z.infer<typeof esimReleaseSchema>;

export const esimReleaseSortFields = ['listedAt', 'freedAt'] as const;
export const esimReleasesQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  status: z.enum(['pending', 'freed']).default('pending'),
  q: z.string().trim().max(100).optional(),
  sort: sortQuerySchema(esimReleaseSortFields).default('-listedAt'),
});
export type EsimReleasesQuery = z.infer<typeof esimReleasesQuerySchema>;
export const pagedEsimReleasesSchema = pagedSchema(esimReleaseSchema, 'PagedEsimReleases');

export const freeEsimsBodySchema = z.strictObject({ ids: z.array(z.uuid()).min(1).max(200) });
export type FreeEsimsBody = z.infer<typeof freeEsimsBodySchema>;
export const freeEsimsResponseSchema = z
  .object({ message: z.string(), freed: z.number().int(), failed: z.number().int() })
  .register(apiSchemas, { id: 'FreeEsimsResult' });
export type FreeEsimsResult = z.infer<typeof freeEsimsResponseSchema>;
