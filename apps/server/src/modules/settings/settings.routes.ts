import { apiSchemas } from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { getGeneralOptions } from './settings.repository';

export const publicSettingsSchema = z
  .object({ supportEmail: z.string(), whatsappNumber: z.string() })
  .register(apiSchemas, { id: 'PublicSettings' });

export const settingsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/settings/public',
      {
        config: { access: 'public' },
        schema: {
          tags: ['public'],
          summary: 'Support contacts for the site footer',
          response: { 200: publicSettingsSchema },
        },
      },
      async (_request, reply) => {
        const options = await getGeneralOptions(deps.db);
        // Short: a contact changed in settings shows everywhere within seconds.
        reply.header('Cache-Control', 'public, max-age=10');
        return { supportEmail: options.supportEmail, whatsappNumber: options.whatsappNumber };
      },
    );
  };
