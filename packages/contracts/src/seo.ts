import { localeSchema } from './auth';
import { blogSlugPattern, seoKinds } from './blog';
import { auditEntrySchema } from './clients';
import { locales } from './locales';
import { pagedSchema, pageQuerySchema, sortQuerySchema } from './paging';
import { allowLineBreaks, countryCodeField, multilineTextField, textField } from './validation';
import { apiSchemas, z } from './zod';

/**
 * SEO texts and the blog, staff side (issue 32, ADR 0054): texts per locale for country, region and global
 * package pages, and blog posts with a translation per locale. Admin and analytics (SPEC section 6).
 */

export const seoKindSchema = z.enum(seoKinds);

/** One language's texts of a page. Empty title means "not written in this language" (the page's own words). */
export const seoLocaleTextSchema = z.strictObject({
  title: textField(200, 1),
  description: textField(400, 1),
  heading: textField(200, 1),
  body: multilineTextField(10_000, 0),
});
export type SeoLocaleText = z.infer<typeof seoLocaleTextSchema>;

export const seoTextsSchema = z.partialRecord(localeSchema, seoLocaleTextSchema);
export type SeoTexts = z.infer<typeof seoTextsSchema>;

export const seoKindParamsSchema = z.object({ kind: seoKindSchema });
export const seoPageParamsSchema = z.object({ kind: seoKindSchema, code: z.string().trim().min(1).max(160) });

export const seoTargetsQuerySchema = pageQuerySchema({ defaultSize: 50, maxSize: 200 }).extend({
  q: z.string().trim().max(100).optional(),
  sort: sortQuerySchema(['name', 'localesCount']).default('name'),
});
export type SeoTargetsQuery = z.infer<typeof seoTargetsQuerySchema>;

/** A country, region or package in the SEO lists, with how far its texts are written. */
export const seoTargetSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    localesCount: z.number().int(),
    missingLocales: z.array(localeSchema),
    /** Locales whose title or description is longer than search results show. */
    tooLongLocales: z.array(localeSchema),
    updatedAt: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'SeoTarget' });
export type SeoTarget = z.infer<typeof seoTargetSchema>;
export const pagedSeoTargetsSchema = pagedSchema(seoTargetSchema, 'PagedSeoTargets');

export const seoPageSchema = z
  .object({
    kind: seoKindSchema,
    code: z.string(),
    name: z.string(),
    /** The public path the texts appear on. */
    path: z.string(),
    texts: seoTextsSchema,
    /** null until the first save; sent back with a change (RECORD_CHANGED when stale). */
    version: z.string().nullable(),
    history: z.array(auditEntrySchema),
  })
  .register(apiSchemas, { id: 'SeoPage' });
export type SeoPage = z.infer<typeof seoPageSchema>;

export const saveSeoPageBodySchema = z
  .strictObject({ texts: seoTextsSchema, version: z.string().nullable() })
  .register(apiSchemas, { id: 'SaveSeoPageBody' });
export type SaveSeoPageBody = z.infer<typeof saveSeoPageBodySchema>;

export const blogStatuses = ['draft', 'published'] as const;
export const blogStatusSchema = z.enum(blogStatuses);
export type BlogStatus = z.infer<typeof blogStatusSchema>;

export const blogTranslationSchema = z.strictObject({
  title: textField(200, 1),
  slug: z.string().trim().toLowerCase().max(120).regex(blogSlugPattern, { message: 'format' }),
  summary: multilineTextField(500, 1),
  /** Markdown; rendered to HTML and sanitised on save. */
  body: multilineTextField(50_000, 1),
});
export type BlogTranslation = z.infer<typeof blogTranslationSchema>;

/** Albanian (the default language) and English (the fallback) are required; the others fall back to English. */
export const blogRequiredLocales = ['sq', 'en'] as const;

export const saveBlogPostBodySchema = z
  .strictObject({
    status: blogStatusSchema,
    /** The date shown on the post and from which a published post is public (ISO date-time). */
    publishedAt: z.iso.datetime({ offset: true }),
    /** Countries whose pages link to the post. */
    countries: z.array(countryCodeField).max(50).default([]),
    translations: z.partialRecord(localeSchema, blogTranslationSchema),
    /** null when creating; the post's version when changing it. */
    version: z.string().nullable().default(null),
  })
  .superRefine((body, ctx) => {
    for (const locale of blogRequiredLocales)
      if (!body.translations[locale])
        ctx.addIssue({ code: 'custom', path: ['translations', locale, 'title'], message: 'required' });
    const seen = new Map<string, string>();
    for (const locale of locales) {
      const slug = body.translations[locale]?.slug;
      if (!slug) continue;
      if (seen.has(slug))
        ctx.addIssue({
          code: 'custom',
          path: ['translations', locale, 'slug'],
          message: 'seo.errors.slugTwice',
        });
      seen.set(slug, locale);
    }
  })
  .register(apiSchemas, { id: 'SaveBlogPostBody' });
export type SaveBlogPostBody = z.input<typeof saveBlogPostBodySchema>;
export type SaveBlogPostValues = z.output<typeof saveBlogPostBodySchema>;

export const staffBlogPostSchema = z
  .object({
    id: z.uuid(),
    status: blogStatusSchema,
    publishedAt: z.string(),
    countries: z.array(z.string()),
    title: z.string(),
    slug: z.string(),
    locales: z.array(localeSchema),
    coverUrl: z.string().nullable(),
    updatedAt: z.string(),
  })
  .register(apiSchemas, { id: 'StaffBlogPost' });
export type StaffBlogPost = z.infer<typeof staffBlogPostSchema>;

export const blogPostsQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  q: z.string().trim().max(100).optional(),
  status: blogStatusSchema.optional(),
  sort: sortQuerySchema(['publishedAt', 'updatedAt', 'title']).default('-publishedAt'),
});
export type BlogPostsQuery = z.infer<typeof blogPostsQuerySchema>;
export const pagedStaffBlogPostsSchema = pagedSchema(staffBlogPostSchema, 'PagedStaffBlogPosts');

export const blogPostDetailSchema = z
  .object({
    id: z.uuid(),
    status: blogStatusSchema,
    publishedAt: z.string(),
    countries: z.array(z.string()),
    translations: z.partialRecord(localeSchema, blogTranslationSchema),
    coverUrl: z.string().nullable(),
    version: z.string(),
    history: z.array(auditEntrySchema),
  })
  .register(apiSchemas, { id: 'BlogPostDetail' });
export type BlogPostDetail = z.infer<typeof blogPostDetailSchema>;

export const blogPostParamsSchema = z.object({ id: z.uuid() });

/**
 * The staff forms' shapes: every locale's fields as text (empty = not written), checked with the server's rules
 * and turned into the request body (only the written locales).
 */
const draftOf = <Shape extends z.ZodRawShape>(shape: Shape) => z.record(localeSchema, z.object(shape));
const isWritten = (fields: Record<string, string>) => Object.values(fields).some((v) => v.trim() !== '');
const requireAll = (
  ctx: z.RefinementCtx,
  key: 'texts' | 'translations',
  drafts: Record<string, Record<string, string>>,
  required: readonly string[],
  mustWrite: readonly string[] = [],
) => {
  for (const locale of locales) {
    const draft = drafts[locale];
    if (!draft || (!isWritten(draft) && !mustWrite.includes(locale))) continue;
    for (const field of required)
      if (!draft[field]?.trim())
        ctx.addIssue({ code: 'custom', path: [key, locale, field], message: 'required' });
  }
};
const writtenOnly = <T extends Record<string, string>>(drafts: Record<string, T>) =>
  Object.fromEntries(locales.flatMap((l) => (drafts[l] && isWritten(drafts[l]) ? [[l, drafts[l]]] : [])));

export const seoPageFormSchema = z
  .object({
    texts: draftOf({
      title: z.string().trim().max(200),
      description: z.string().trim().max(400),
      heading: z.string().trim().max(200),
      body: allowLineBreaks(z.string().trim().max(10_000)),
    }),
    version: z.string().nullable(),
  })
  .superRefine((form, ctx) => requireAll(ctx, 'texts', form.texts, ['title', 'description', 'heading']))
  .transform((form): SaveSeoPageBody => ({ texts: writtenOnly(form.texts), version: form.version }));
export type SeoPageForm = z.input<typeof seoPageFormSchema>;

export const blogPostFormSchema = z
  .object({
    status: blogStatusSchema,
    /** YYYY-MM-DD; the post is public from midnight UTC of that day. */
    publishedOn: z.iso.date(),
    /** Country codes separated by commas or spaces. */
    countries: z.string().trim().max(300),
    translations: draftOf({
      title: z.string().trim().max(200),
      slug: z
        .string()
        .trim()
        .toLowerCase()
        .max(120)
        .refine((s) => s === '' || blogSlugPattern.test(s), { message: 'format' }),
      summary: allowLineBreaks(z.string().trim().max(500)),
      body: allowLineBreaks(z.string().trim().max(50_000)),
    }),
    version: z.string().nullable(),
  })
  .superRefine((form, ctx) =>
    requireAll(
      ctx,
      'translations',
      form.translations,
      ['title', 'slug', 'summary', 'body'],
      blogRequiredLocales,
    ),
  )
  .transform(
    (form): SaveBlogPostBody => ({
      status: form.status,
      publishedAt: `${form.publishedOn}T00:00:00.000Z`,
      countries: form.countries
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((c) => c.toUpperCase()),
      translations: writtenOnly(form.translations),
      version: form.version,
    }),
  );
export type BlogPostForm = z.input<typeof blogPostFormSchema>;
