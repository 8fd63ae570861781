import { type Locale, type SeoPageText, seoKinds } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Staff-written texts of a public catalogue page (issue 32, ADR 0054): one row per country, region or package,
 * its texts per locale in one JSON object (a language is written or not; pages fall back to their own words).
 */
export const seoPages = pgTable(
  'seo_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: seoKinds }).notNull(),
    /** Country code (upper case), region code or package slug, as the catalogue names it. */
    code: text('code').notNull(),
    texts: jsonb('texts').$type<Partial<Record<Locale, SeoPageText>>>().notNull(),
    /** The record's version for staff changes. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('seo_pages_kind_code_unique').on(t.kind, t.code)],
);

export type BlogTranslationRow = {
  title: string;
  slug: string;
  summary: string;
  /** What staff wrote (Markdown). */
  body: string;
  /** `body` rendered and sanitised on save: what the site shows. */
  bodyHtml: string;
};

/** A blog post with its translations (issue 32); public while `published` and its date has come. */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: ['draft', 'published'] }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    translations: jsonb('translations').$type<Partial<Record<Locale, BlogTranslationRow>>>().notNull(),
    /** Country codes whose pages link to the post. */
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    /** File under the upload directory (`blog/<uuid>.<ext>`), or null. */
    coverImage: text('cover_image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blog_posts_public_idx').on(t.status, t.publishedAt)],
);

/**
 * Every slug a post has had, in any language: the current ones (`current`) find the post, the old ones answer
 * a 301 to the current slug of the same language. A slug belongs to one post for good, so an old link never
 * lands on another post.
 */
export const blogSlugs = pgTable(
  'blog_slugs',
  {
    slug: text('slug').primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    current: boolean('current').notNull(),
  },
  (t) => [index('blog_slugs_post_idx').on(t.postId)],
);
