import { blogCoverMaxBytes, type RouteAccess } from '@esim/contracts';
import {
  blogPostDetailSchema,
  blogPostParamsSchema,
  blogPostsQuerySchema,
  pagedSeoTargetsSchema,
  pagedStaffBlogPostsSchema,
  saveBlogPostBodySchema,
  saveSeoPageBodySchema,
  seoKindParamsSchema,
  seoPageParamsSchema,
  seoPageSchema,
  seoTargetsQuerySchema,
} from '@esim/contracts/staff';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { userIdOf } from '../auth/auth.guard';
import {
  type BlogDeps,
  type CoverFile,
  createBlogPost,
  getStaffBlogPost,
  listStaffBlogPosts,
  replaceBlogCover,
  updateStaffBlogPost,
} from './blog.service';
import { getSeoPage, listSeoTargets, type SeoDeps, saveSeoPage } from './seo.service';

const tags = ['staff'];
// SPEC section 6: the SEO group is the analytics role's as well as the admin's.
const access: RouteAccess = { staff: 'adminAndAnalytics' };

/** The one `cover` file of a multipart body; a file over the limit or of another kind is refused in words. */
const readCover = async (request: FastifyRequest): Promise<CoverFile> => {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  let cover: CoverFile | undefined;
  const refused = () =>
    new AppError(
      'FILE_INVALID',
      { cover: ['seo.errors.coverInvalid'] },
      undefined,
      undefined,
      'seo.errors.coverInvalid',
    );
  try {
    for await (const part of request.parts({
      limits: { fileSize: blogCoverMaxBytes, files: 1, fields: 5 },
    })) {
      if (part.type !== 'file') continue;
      const buffer = await part.toBuffer();
      if (part.fieldname !== 'cover') continue;
      if (part.file.truncated) throw refused();
      if (buffer.length > 0) cover = { buffer, mimetype: part.mimetype };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // @fastify/multipart's own limit errors (a file over fileSize) mean the same refusal.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refused();
    if ((error as { code?: string }).code) throw error;
    throw new AppError('BAD_REQUEST');
  }
  if (!cover) throw new AppError('VALIDATION_FAILED', { cover: ['required'] });
  return cover;
};

/** SEO texts of catalogue pages and the blog (issue 32, ADR 0054), mounted under /api/staff. */
export const seoStaffRoutes =
  (deps: SeoDeps & BlogDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/seo/:kind',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Countries, regions or global packages with how far their SEO texts are written',
          params: seoKindParamsSchema,
          querystring: seoTargetsQuerySchema,
          response: { 200: pagedSeoTargetsSchema },
        },
      },
      async (request) => listSeoTargets(deps, request.params.kind, request.query, request.locale),
    );

    app.get(
      '/seo/:kind/:code',
      {
        config: { access },
        schema: {
          tags,
          summary: "One page's SEO texts in every locale, with its history",
          params: seoPageParamsSchema,
          response: { 200: seoPageSchema },
        },
      },
      async (request) => getSeoPage(deps, request.params.kind, request.params.code, request.locale),
    );

    app.put(
      '/seo/:kind/:code',
      {
        config: { access },
        schema: {
          tags,
          summary: "Replace one page's SEO texts (every locale); refused with RECORD_CHANGED when stale",
          params: seoPageParamsSchema,
          body: saveSeoPageBodySchema,
          response: { 200: seoPageSchema },
        },
      },
      async (request) =>
        saveSeoPage(deps, {
          kind: request.params.kind,
          code: request.params.code,
          body: request.body,
          staffUserId: userIdOf(request),
          locale: request.locale,
        }),
    );

    app.get(
      '/blog-posts',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Blog posts, drafts and published, paged',
          querystring: blogPostsQuerySchema,
          response: { 200: pagedStaffBlogPostsSchema },
        },
      },
      async (request) => listStaffBlogPosts(deps, request.query),
    );

    app.post(
      '/blog-posts',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Write a blog post (its body is Markdown, rendered and sanitised on save)',
          body: saveBlogPostBodySchema,
          response: { 201: blogPostDetailSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createBlogPost(deps, request.body, userIdOf(request))),
    );

    app.get(
      '/blog-posts/:id',
      {
        config: { access },
        schema: {
          tags,
          summary: 'One blog post with every translation and its history',
          params: blogPostParamsSchema,
          response: { 200: blogPostDetailSchema },
        },
      },
      async (request) => getStaffBlogPost(deps, request.params.id),
    );

    app.put(
      '/blog-posts/:id',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Change a blog post; a changed slug keeps the old address as a redirect',
          params: blogPostParamsSchema,
          body: saveBlogPostBodySchema,
          response: { 200: blogPostDetailSchema },
        },
      },
      async (request) => updateStaffBlogPost(deps, request.params.id, request.body, userIdOf(request)),
    );

    app.put(
      '/blog-posts/:id/cover',
      {
        config: { access },
        schema: {
          tags,
          summary:
            'Replace the cover image (multipart/form-data, one `cover` file: PNG, JPEG or WebP, 2 MB at most)',
          params: blogPostParamsSchema,
          response: { 200: blogPostDetailSchema },
        },
      },
      async (request) =>
        replaceBlogCover(deps, {
          id: request.params.id,
          file: await readCover(request),
          staffUserId: userIdOf(request),
        }),
    );
  };
