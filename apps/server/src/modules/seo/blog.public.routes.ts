import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type BlogDeps, readBlogCover } from './blog.service';

/** The blog's cover images (public; a file name never changes its content, so it is cached for good). */
export const blogPublicRoutes =
  (deps: BlogDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/blog/covers/:name',
      {
        config: { access: 'public' },
        schema: {
          tags: ['public'],
          summary: "A blog post's cover image",
          params: z.object({ name: z.string().max(60) }),
        },
      },
      async (request, reply) => {
        const { file, contentType } = await readBlogCover(deps, request.params.name);
        return reply
          .header('Content-Type', contentType)
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('X-Content-Type-Options', 'nosniff')
          .send(file);
      },
    );
  };
