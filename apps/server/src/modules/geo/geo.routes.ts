import { geoResponseSchema } from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';

/** Our own country lookup (DESIGN section 6), so no visitor IP goes to a third party. */
export const geoRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/geo',
      {
        config: { access: 'public' },
        schema: { tags: ['public'], summary: "The visitor's country", response: { 200: geoResponseSchema } },
      },
      async (request, reply) => {
        // Revalidated on every use and never in a shared cache; not `no-store`, which would keep the page that
        // asked out of the browser's back/forward cache.
        reply.header('Cache-Control', 'private, no-cache');
        return { country_code: deps.geo.countryOf({ ip: request.ip, headers: request.headers }) };
      },
    );
  };
