import { contentKeySchema, contentPageSchema, fallbackLocale } from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { getContentPage } from './content.repository';

export const contentRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/content/:key',
      {
        config: { access: 'public' },
        schema: {
          tags: ['public'],
          summary: 'Terms or privacy policy in the request language (English when not translated)',
          params: z.object({ key: contentKeySchema }),
          response: { 200: contentPageSchema },
        },
      },
      async (request, reply) => {
        const row =
          (await getContentPage(deps.db, request.params.key, request.locale)) ??
          (await getContentPage(deps.db, request.params.key, fallbackLocale));
        if (!row) throw new AppError('NOT_FOUND');
        reply.header('Cache-Control', 'public, max-age=300').header('Vary', 'Accept-Language');
        return {
          key: row.key,
          locale: row.locale,
          title: row.title,
          body: row.body,
          updatedAt: row.updatedAt.toISOString(),
        };
      },
    );
  };
