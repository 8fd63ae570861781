import type { Locale, SeoKind, SeoPageText } from '@esim/contracts';
import type { BlogPostsQuery, BlogStatus } from '@esim/contracts/staff';
import { type BlogTranslationRow, blogPosts, blogSlugs, type Db, seoPages } from '@esim/db';
import { and, arrayContains, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { defineListQuery, searchCondition } from '../../lib/list-query';

export type SeoPageRow = typeof seoPages.$inferSelect;
export type BlogPostRow = typeof blogPosts.$inferSelect;

export const getSeoPageRow = async (db: Db, kind: SeoKind, code: string) => {
  const [row] = await db
    .select()
    .from(seoPages)
    .where(and(eq(seoPages.kind, kind), eq(seoPages.code, code)))
    .limit(1);
  return row;
};

/** The row under a lock, for a change that checks its version first. */
export const lockSeoPageRow = async (db: Db, kind: SeoKind, code: string) => {
  const [row] = await db
    .select()
    .from(seoPages)
    .where(and(eq(seoPages.kind, kind), eq(seoPages.code, code)))
    .for('update')
    .limit(1);
  return row;
};

export const listSeoPageRows = (db: Db, kind: SeoKind) =>
  db.select().from(seoPages).where(eq(seoPages.kind, kind));

/** Inserts the page's texts; answers nothing when a row for it exists already (a concurrent first save). */
export const insertSeoPage = async (
  db: Db,
  values: { kind: SeoKind; code: string; texts: Partial<Record<Locale, SeoPageText>> },
) => {
  const [row] = await db.insert(seoPages).values(values).onConflictDoNothing().returning();
  return row;
};

export const updateSeoPage = async (db: Db, id: string, texts: Partial<Record<Locale, SeoPageText>>) => {
  const [row] = await db
    .update(seoPages)
    .set({ texts, updatedAt: sql`clock_timestamp()` })
    .where(eq(seoPages.id, id))
    .returning();
  return row;
};

export const getBlogPostRow = async (db: Db, id: string) => {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  return row;
};

export const lockBlogPostRow = async (db: Db, id: string) => {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update').limit(1);
  return row;
};

export type BlogPostValues = {
  status: BlogStatus;
  publishedAt: Date;
  countries: string[];
  translations: Partial<Record<Locale, BlogTranslationRow>>;
};

export const insertBlogPost = async (db: Db, values: BlogPostValues) => {
  const [row] = await db.insert(blogPosts).values(values).returning();
  if (!row) throw new Error('blog post not inserted');
  return row;
};

export const updateBlogPost = async (
  db: Db,
  id: string,
  values: Partial<BlogPostValues> & { coverImage?: string | null },
) => {
  const [row] = await db
    .update(blogPosts)
    .set({ ...values, updatedAt: sql`clock_timestamp()` })
    .where(eq(blogPosts.id, id))
    .returning();
  return row;
};

/** The slugs among `slugs` that belong to another post (current or old). */
export const findSlugOwners = (db: Db, slugs: string[]) =>
  slugs.length === 0
    ? Promise.resolve([])
    : db.select().from(blogSlugs).where(inArray(blogSlugs.slug, slugs));

/**
 * Makes `slugs` (locale to slug) the post's current ones: each is claimed (or taken back from the post's own
 * old ones), every other slug of the post becomes old and keeps answering with a redirect.
 */
export const setCurrentSlugs = async (db: Db, postId: string, slugs: [Locale, string][]) => {
  await db.update(blogSlugs).set({ current: false }).where(eq(blogSlugs.postId, postId));
  for (const [locale, slug] of slugs)
    await db
      .insert(blogSlugs)
      .values({ slug, postId, locale, current: true })
      .onConflictDoUpdate({
        target: blogSlugs.slug,
        set: { locale, current: true },
        // A slug of another post is never taken over (checked before; this keeps a race from doing it).
        setWhere: eq(blogSlugs.postId, postId),
      });
};

export const findBlogSlug = async (db: Db, slug: string) => {
  const [row] = await db.select().from(blogSlugs).where(eq(blogSlugs.slug, slug)).limit(1);
  return row;
};

const title = sql<string>`coalesce(${blogPosts.translations}->'en'->>'title', ${blogPosts.translations}->'sq'->>'title', '')`;

export type BlogPostFilters = Pick<BlogPostsQuery, 'q' | 'status' | 'sort'>;

const blogPostList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({ post: blogPosts, ...listFields })
      .from(blogPosts)
      .$dynamic(),
  where: (filters: BlogPostFilters) =>
    and(
      filters.status ? eq(blogPosts.status, filters.status) : undefined,
      // Any language's title or slug.
      searchCondition(filters.q, [sql`${blogPosts.translations}::text`]),
    ),
  sortColumns: { publishedAt: blogPosts.publishedAt, updatedAt: blogPosts.updatedAt, title },
  tiebreak: blogPosts.id,
  defaultSort: '-publishedAt',
});

export const listBlogPosts = (db: Db, filters: BlogPostFilters, page: { page: number; pageSize: number }) =>
  blogPostList.page(db, filters, page);

/** Published posts whose date has come, newest first; with `country`, those linked to it. */
export const listPublishedBlogPosts = (db: Db, options: { country?: string; limit?: number } = {}) =>
  db
    .select()
    .from(blogPosts)
    .where(
      and(
        eq(blogPosts.status, 'published'),
        lte(blogPosts.publishedAt, sql`now()`),
        options.country ? arrayContains(blogPosts.countries, [options.country]) : undefined,
      ),
    )
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(options.limit ?? 500);
