import { pagedResellerPackagesSchema, resellerPackagesQuerySchema } from '@esim/contracts/portal';
import type { Db } from '@esim/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toPaged } from '../../lib/list-query';
import { authOf, requireActiveShop } from '../auth/auth.guard';
import { listResellerPackages } from './catalogue.repository';
import { toResellerPackage } from './package-price';

const tags = ['portal'];

/** The reseller price list (mounted under /api/portal): reseller price and the shop's suggested retail price. */
export const cataloguePortalRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireActiveShop);
    app.get(
      '/packages',
      {
        config: { access: { kinds: ['shop'] } },
        schema: {
          tags,
          summary: 'Packages with their reseller price, by category and search, paged',
          querystring: resellerPackagesQuerySchema,
          response: { 200: pagedResellerPackagesSchema },
        },
      },
      async (request) => {
        const { query } = request;
        const markup = authOf(request).details.shop?.sellShopPrice ?? 0;
        const { total, rows } = await listResellerPackages(deps.db, query, query);
        return toPaged(
          query,
          total,
          rows.map(({ pkg }) => toResellerPackage(pkg, markup)),
        );
      },
    );
  };
