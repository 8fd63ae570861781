import {
  countryCodeParam,
  countryPageSchema,
  destinationSchema,
  listDestinationsQuerySchema,
  listPackagesQuerySchema,
  packageDetailSchema,
  packageSummarySchema,
  pagedPackagesSchema,
  regionPageSchema,
  searchQuerySchema,
  searchResponseSchema,
} from '@esim/contracts';
import etag from '@fastify/etag';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';

const tags = ['catalogue'];
const slugParam = z.object({ slug: z.string().trim().min(1).max(80) });
const regionParam = z.object({ code: z.string().trim().min(1).max(40) });

/** Public catalogue reads: cacheable for a minute by browsers and CDNs, per language; the etag plugin adds
 * an ETag of the body and answers If-None-Match with 304. */
const cacheable = <T>(reply: FastifyReply, body: T): T => {
  reply
    .header('Cache-Control', 'public, max-age=60, stale-while-revalidate=600')
    .header('Vary', 'Accept-Language');
  return body;
};

export const catalogueRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(etag);

    app.get(
      '/packages',
      {
        schema: {
          tags,
          summary:
            'Packages by tab (global, regional, local), optionally searched by country or region name or code',
          querystring: listPackagesQuerySchema,
          response: { 200: pagedPackagesSchema },
        },
      },
      async (request, reply) =>
        cacheable(reply, (await deps.catalogue.get()).listPackages(request.query, request.locale)),
    );

    app.get(
      '/packages/:slug',
      {
        schema: {
          tags,
          summary: 'One package with its coverage',
          params: slugParam,
          response: { 200: packageDetailSchema },
        },
      },
      async (request, reply) =>
        cacheable(reply, (await deps.catalogue.get()).getPackage(request.params.slug, request.locale)),
    );

    app.get(
      '/highlights',
      {
        schema: {
          tags,
          summary: 'Popular packages and offers for the home page',
          response: {
            200: z.object({ popular: z.array(packageSummarySchema), offers: z.array(packageSummarySchema) }),
          },
        },
      },
      async (request, reply) => cacheable(reply, (await deps.catalogue.get()).highlights(request.locale)),
    );

    app.get(
      '/destinations',
      {
        schema: {
          tags,
          summary: 'Every country (local tab) or region (regional tab) we sell, with its lowest price',
          querystring: listDestinationsQuerySchema,
          response: { 200: z.object({ items: z.array(destinationSchema) }) },
        },
      },
      async (request, reply) =>
        cacheable(reply, {
          items: (await deps.catalogue.get()).listDestinations(request.query.kind, request.locale),
        }),
    );

    app.get(
      '/search',
      {
        schema: {
          tags,
          summary: 'Countries and regions whose name (in any of the twelve languages) or code matches',
          querystring: searchQuerySchema,
          response: { 200: searchResponseSchema },
        },
      },
      async (request, reply) =>
        cacheable(reply, { items: (await deps.catalogue.get()).search(request.query.q, request.locale) }),
    );

    app.get(
      '/countries/:code',
      {
        schema: {
          tags,
          summary: "A country's local packages and the regional and global ones that cover it",
          params: z.object({ code: countryCodeParam }),
          response: { 200: countryPageSchema },
        },
      },
      async (request, reply) =>
        cacheable(reply, (await deps.catalogue.get()).getCountryPage(request.params.code, request.locale)),
    );

    app.get(
      '/regions/:code',
      {
        schema: {
          tags,
          summary: "A region's countries and packages",
          params: regionParam,
          response: { 200: regionPageSchema },
        },
      },
      async (request, reply) =>
        cacheable(reply, (await deps.catalogue.get()).getRegionPage(request.params.code, request.locale)),
    );
  };
