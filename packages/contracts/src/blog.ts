import type { Locale } from './locales';

/**
 * The public blog as the site's loaders read it (issue 32, ADR 0054). Plain types: the site never parses these
 * (they come in-process through `SiteData`), so no zod reaches its bundles.
 */

/** A published post in one language: the requested one when the post has it, else English, else its first. */
export type BlogPostSummary = {
  id: string;
  locale: Locale;
  title: string;
  slug: string;
  summary: string;
  /** Path of the cover image under the site's origin, or null. */
  coverUrl: string | null;
  publishedAt: string;
};

export type BlogPost = BlogPostSummary & {
  /** The body rendered from Markdown and sanitised on save (script, event handlers, `javascript:` removed). */
  bodyHtml: string;
  updatedAt: string;
  /** This post's slug in each language it is written in, for hreflang alternates. */
  slugs: Partial<Record<Locale, string>>;
};

/** What the article route gets for a slug: the post, or where its current address is (a 301). */
export type BlogPostLookup = { kind: 'post'; post: BlogPost } | { kind: 'moved'; slug: string };

/** The texts staff write for a catalogue page in one language (title and meta description for the head). */
export type SeoPageText = { title: string; description: string; heading: string; body: string };

/** The kinds of public page whose texts staff edit: country, region (categories) and global package. */
export const seoKinds = ['country', 'region', 'package'] as const;
export type SeoKind = (typeof seoKinds)[number];

/** Above these, search engines cut the text off in results: staff see a warning, the text is still saved. */
export const seoTitleMaxChars = 60;
export const seoDescriptionMaxChars = 160;

/** Blog cover images: the types we accept and store, and the largest file. */
export const blogCoverMaxBytes = 2 * 1024 * 1024;
export const blogCoverTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** `/blog/<slug>`: lower-case letters, digits and single hyphens. */
export const blogSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const blogPath = (slug?: string) => (slug ? `/blog/${encodeURIComponent(slug)}` : '/blog');
