import { randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type BlogPost,
  type BlogPostLookup,
  type BlogPostSummary,
  type blogCoverTypes,
  fallbackLocale,
  type Locale,
  locales,
} from '@esim/contracts';
import type {
  BlogPostDetail,
  BlogPostsQuery,
  SaveBlogPostValues,
  StaffBlogPost,
} from '@esim/contracts/staff';
import type { BlogTranslationRow, Db } from '@esim/db';
import { AppError } from '../../lib/app-error';
import { toPaged } from '../../lib/list-query';
import { listHistory, recordChange } from '../audit/audit.repository';
import { renderBlogBody } from './blog-html';
import {
  type BlogPostRow,
  findBlogSlug,
  findSlugOwners,
  getBlogPostRow,
  insertBlogPost,
  listBlogPosts,
  listPublishedBlogPosts,
  lockBlogPostRow,
  setCurrentSlugs,
  updateBlogPost,
} from './seo.repository';

export type BlogDeps = { db: Db; config: { uploadDir: string } };

/** Where the server answers a cover image (public, cached for good: a new cover is a new file name). */
export const blogCoverUrl = (file: string | null) =>
  file ? `/api/blog/covers/${file.replace(/^blog\//, '')}` : null;

const entries = (row: BlogPostRow) =>
  locales.flatMap((l) => {
    const t = row.translations[l];
    return t ? [[l, t] as const] : [];
  });

/** The language a reader sees: theirs when written, else English, else the first there is. */
const pickTranslation = (row: BlogPostRow, locale: Locale): readonly [Locale, BlogTranslationRow] => {
  for (const l of [locale, fallbackLocale]) {
    const t = row.translations[l];
    if (t) return [l, t];
  }
  const first = entries(row)[0];
  if (!first) throw new AppError('NOT_FOUND');
  return first;
};

const toStaffPost = (row: BlogPostRow): StaffBlogPost => {
  const list = entries(row);
  const [, shown] = pickTranslation(row, fallbackLocale);
  return {
    id: row.id,
    status: row.status,
    publishedAt: row.publishedAt.toISOString(),
    countries: row.countries,
    title: shown.title,
    slug: shown.slug,
    locales: list.map(([l]) => l),
    coverUrl: blogCoverUrl(row.coverImage),
    updatedAt: row.updatedAt.toISOString(),
  };
};

const toDetail = async (db: Db, row: BlogPostRow): Promise<BlogPostDetail> => ({
  id: row.id,
  status: row.status,
  publishedAt: row.publishedAt.toISOString(),
  countries: row.countries,
  translations: Object.fromEntries(
    entries(row).map(([l, t]) => [l, { title: t.title, slug: t.slug, summary: t.summary, body: t.body }]),
  ),
  coverUrl: blogCoverUrl(row.coverImage),
  version: row.updatedAt.toISOString(),
  history: await listHistory(db, 'blog_post', row.id),
});

export const listStaffBlogPosts = async (deps: { db: Db }, query: BlogPostsQuery) => {
  const { rows, total } = await listBlogPosts(deps.db, query, query);
  return toPaged(
    query,
    total,
    rows.map((r) => toStaffPost(r.post)),
  );
};

export const getStaffBlogPost = async (deps: { db: Db }, id: string) => {
  const row = await getBlogPostRow(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toDetail(deps.db, row);
};

/** Renders each translation's body once, on save: the site shows the stored, sanitised HTML. */
const rendered = (body: SaveBlogPostValues) =>
  Object.fromEntries(
    locales.flatMap((l) => {
      const t = body.translations[l];
      return t ? [[l, { ...t, bodyHtml: renderBlogBody(t.body) }]] : [];
    }),
  ) as Partial<Record<Locale, BlogTranslationRow>>;

/** A slug another post has (now or before) is refused on the field, in the caller's language. */
const assertSlugsFree = async (db: Db, postId: string | null, slugs: [Locale, string][]) => {
  const owners = await findSlugOwners(
    db,
    slugs.map(([, s]) => s),
  );
  const taken = new Set(owners.filter((o) => o.postId !== postId).map((o) => o.slug));
  const errors = Object.fromEntries(
    slugs.filter(([, s]) => taken.has(s)).map(([l]) => [`translations.${l}.slug`, ['seo.errors.slugTaken']]),
  );
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', errors);
};

const slugsOf = (translations: Partial<Record<Locale, BlogTranslationRow>>) =>
  locales.flatMap((l) => {
    const t = translations[l];
    return t ? [[l, t.slug] as [Locale, string]] : [];
  });

const auditFields = (row: BlogPostRow) => ({
  status: row.status,
  publishedAt: row.publishedAt.toISOString(),
  countries: row.countries,
  locales: entries(row).map(([l]) => l),
  slugs: Object.fromEntries(slugsOf(row.translations)),
});

export const createBlogPost = async (deps: { db: Db }, body: SaveBlogPostValues, staffUserId: string) => {
  const translations = rendered(body);
  const slugs = slugsOf(translations);
  const row = await deps.db.transaction(async (tx) => {
    await assertSlugsFree(tx, null, slugs);
    const post = await insertBlogPost(tx, {
      status: body.status,
      publishedAt: new Date(body.publishedAt),
      countries: [...new Set(body.countries)],
      translations,
    });
    await setCurrentSlugs(tx, post.id, slugs);
    await recordChange(tx, {
      staffUserId,
      action: 'blog_post.create',
      entityType: 'blog_post',
      entityId: post.id,
      before: null,
      after: auditFields(post),
    });
    return post;
  });
  return toDetail(deps.db, row);
};

export const updateStaffBlogPost = async (
  deps: { db: Db },
  id: string,
  body: SaveBlogPostValues,
  staffUserId: string,
) => {
  const translations = rendered(body);
  const slugs = slugsOf(translations);
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockBlogPostRow(tx, id);
    if (!current) throw new AppError('NOT_FOUND');
    if (current.updatedAt.toISOString() !== body.version) throw new AppError('RECORD_CHANGED');
    await assertSlugsFree(tx, id, slugs);
    const post = await updateBlogPost(tx, id, {
      status: body.status,
      publishedAt: new Date(body.publishedAt),
      countries: [...new Set(body.countries)],
      translations,
    });
    if (!post) throw new AppError('NOT_FOUND');
    await setCurrentSlugs(tx, id, slugs);
    await recordChange(tx, {
      staffUserId,
      action: 'blog_post.update',
      entityType: 'blog_post',
      entityId: id,
      before: auditFields(current),
      after: auditFields(post),
    });
    return post;
  });
  return toDetail(deps.db, row);
};

export type CoverFile = { buffer: Buffer; mimetype: string };

const signatures: { type: (typeof blogCoverTypes)[number]; ext: string; test: (b: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    ext: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
  },
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/webp',
    ext: 'webp',
    test: (b) =>
      b.subarray(0, 4).toString('ascii') === 'RIFF' && b.subarray(8, 12).toString('ascii') === 'WEBP',
  },
];
const coverTypes: Record<string, string> = Object.fromEntries(signatures.map((s) => [s.ext, s.type]));

/** The declared type and the file's own first bytes must both say image: a renamed script is refused. */
export const detectCoverType = (file: CoverFile) => {
  const match = signatures.find((s) => s.type === file.mimetype && s.test(file.buffer));
  if (!match)
    throw new AppError(
      'FILE_INVALID',
      { cover: ['seo.errors.coverInvalid'] },
      undefined,
      undefined,
      'seo.errors.coverInvalid',
    );
  return match;
};

/** Stores the new cover under the upload directory and drops the old file once the row points at the new one. */
export const replaceBlogCover = async (
  deps: BlogDeps,
  input: { id: string; file: CoverFile; staffUserId: string },
) => {
  const { ext } = detectCoverType(input.file);
  const dir = join(deps.config.uploadDir, 'blog');
  await mkdir(dir, { recursive: true });
  const path = `blog/${randomUUID()}.${ext}`;
  await writeFile(join(deps.config.uploadDir, path), input.file.buffer);
  let previous: string | null = null;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const current = await lockBlogPostRow(tx, input.id);
      if (!current) throw new AppError('NOT_FOUND');
      previous = current.coverImage;
      const post = await updateBlogPost(tx, input.id, { coverImage: path });
      if (!post) throw new AppError('NOT_FOUND');
      await recordChange(tx, {
        staffUserId: input.staffUserId,
        action: 'blog_post.cover',
        entityType: 'blog_post',
        entityId: input.id,
        before: { coverImage: current.coverImage },
        after: { coverImage: path },
      });
      return post;
    });
    if (previous) await unlink(join(deps.config.uploadDir, previous)).catch(() => undefined);
    return toDetail(deps.db, row);
  } catch (error) {
    await unlink(join(deps.config.uploadDir, path)).catch(() => undefined);
    throw error;
  }
};

/** A cover file by its name (`<uuid>.<ext>`), for the public route. */
export const readBlogCover = async (deps: BlogDeps, name: string) => {
  const match = /^[0-9a-f-]{36}\.(png|jpg|webp)$/.exec(name);
  const contentType = match?.[1] ? coverTypes[match[1]] : undefined;
  if (!contentType) throw new AppError('NOT_FOUND');
  const file = await readFile(join(deps.config.uploadDir, 'blog', name)).catch(() => null);
  if (!file) throw new AppError('NOT_FOUND');
  return { file, contentType };
};

const toSummary = (row: BlogPostRow, locale: Locale): BlogPostSummary => {
  const [shown, t] = pickTranslation(row, locale);
  return {
    id: row.id,
    locale: shown,
    title: t.title,
    slug: t.slug,
    summary: t.summary,
    coverUrl: blogCoverUrl(row.coverImage),
    publishedAt: row.publishedAt.toISOString(),
  };
};

const isPublic = (row: BlogPostRow) => row.status === 'published' && row.publishedAt.getTime() <= Date.now();

export const listPublicBlogPosts = async (
  db: Db,
  locale: Locale,
  options: { country?: string; limit?: number } = {},
) => (await listPublishedBlogPosts(db, options)).map((row) => toSummary(row, locale));

/**
 * A public post by a slug of any language, current or old. The reader's language decides which translation
 * shows; a slug that is not that translation's current one answers where it is now (a 301 on the site).
 */
export const findPublicBlogPost = async (db: Db, slug: string, locale: Locale): Promise<BlogPostLookup> => {
  const known = await findBlogSlug(db, slug);
  const row = known ? await getBlogPostRow(db, known.postId) : undefined;
  if (!row || !isPublic(row)) throw new AppError('NOT_FOUND');
  const summary = toSummary(row, locale);
  if (summary.slug !== slug) return { kind: 'moved', slug: summary.slug };
  const [, t] = pickTranslation(row, locale);
  const post: BlogPost = {
    ...summary,
    bodyHtml: t.bodyHtml,
    updatedAt: row.updatedAt.toISOString(),
    slugs: Object.fromEntries(slugsOf(row.translations)),
  };
  return { kind: 'post', post };
};

export const blogSitemapEntries = async (db: Db) =>
  (await listPublishedBlogPosts(db, { limit: 5_000 })).map((row) => ({
    slugs: Object.fromEntries(slugsOf(row.translations)) as Partial<Record<Locale, string>>,
    updatedAt: row.updatedAt.toISOString(),
  }));
