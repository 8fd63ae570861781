import { createHash } from 'node:crypto';
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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AnswerReplay } from '../../lib/answer-replay';
import { etagMatches } from '../../lib/answer-replay';
import {
  acceptedEncoding,
  type ContentEncoding,
  compressOnce,
  minCompressedBytes,
} from '../../lib/content-encoding';
import type { Catalogue, CatalogueSnapshot } from './catalogue.service';

const tags = ['catalogue'];
const slugParam = z.object({ slug: z.string().trim().min(1).max(80) });
const regionParam = z.object({ code: z.string().trim().min(1).max(40) });
const highlightsSchema = z.object({
  popular: z.array(packageSummarySchema),
  offers: z.array(packageSummarySchema),
});
const destinationsSchema = z.object({ items: z.array(destinationSchema) });

/** An answer's bytes, and its compressed forms once a client has asked for them. */
type Rendered = { body: Buffer; etag: string; encoded: Partial<Record<ContentEncoding, Buffer>> };
const maxRenderedPerSnapshot = 5_000;

/**
 * Public catalogue reads are the hottest routes and change only with the catalogue, so each answer is rendered
 * once per snapshot and language: checked against its contract schema, serialised, encoded as UTF-8 and hashed
 * for the ETag. Later requests send the stored bytes as they are (no serialising, and no re-encoding of a
 * 10 KB string with non-ASCII names on every write), or 304 for a matching If-None-Match. Browsers get them
 * Brotli- or gzip-compressed, also compressed once (a 10 KB list is about 1.5 KB: less to send on airport data,
 * and a fraction of the socket writes). Cacheable by browsers and CDNs for a minute, per language. The finished
 * answer is also handed to the answer replay, which sends it again to the same request without running the
 * request pipeline while the snapshot stays current (ADR 0024).
 */
export const catalogueRoutes =
  (deps: { catalogue: Catalogue }, replay?: AnswerReplay): FastifyPluginAsyncZod =>
  async (app) => {
    const rendered = new WeakMap<CatalogueSnapshot, Map<string, Rendered>>();
    // Answers to hand to the replay once every hook has set its headers (onSend below runs after the root's).
    const toReplay = new WeakMap<
      FastifyRequest,
      { snapshot: CatalogueSnapshot; etag: string; body: Buffer }
    >();
    if (replay)
      app.addHook('onSend', (request, reply, payload, done) => {
        const answer = toReplay.get(request);
        if (answer && reply.statusCode === 200)
          replay.remember(
            { url: request.raw.url ?? request.url, headers: request.raw.headers },
            {
              route: request.routeOptions.url ?? request.url,
              headers: reply.getHeaders(),
              etag: answer.etag,
              body: answer.body,
              isCurrent: () => deps.catalogue.peek() === answer.snapshot,
            },
          );
        done(null, payload);
      });

    const sendRendered = async <T>(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      schema: z.ZodType<T>,
      build: (snapshot: CatalogueSnapshot) => T,
    ) => {
      const snapshot = await deps.catalogue.get();
      let memo = rendered.get(snapshot);
      if (!memo) {
        memo = new Map();
        rendered.set(snapshot, memo);
      }
      const memoKey = `${request.locale}|${key}`;
      let entry = memo.get(memoKey);
      if (!entry) {
        const body = Buffer.from(JSON.stringify(schema.parse(build(snapshot))));
        entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, encoded: {} };
        if (memo.size >= maxRenderedPerSnapshot) memo.clear();
        memo.set(memoKey, entry);
      }
      const encoding =
        entry.body.length >= minCompressedBytes ? acceptedEncoding(request.headers['accept-encoding']) : null;
      // A compressed answer is another representation: its own strong ETag (RFC 9110 8.8.3).
      const etag = encoding ? `${entry.etag.slice(0, -1)}-${encoding}"` : entry.etag;
      reply.headers({
        'cache-control': 'public, max-age=60, stale-while-revalidate=600',
        vary: 'Accept-Language, Accept-Encoding',
        etag,
      });
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
      reply.type('application/json; charset=utf-8');
      if (encoding) {
        entry.encoded[encoding] ??= compressOnce(entry.body, encoding);
        reply.header('content-encoding', encoding);
      }
      const body = encoding ? (entry.encoded[encoding] as Buffer) : entry.body;
      toReplay.set(request, { snapshot, etag, body });
      return reply.send(body);
    };

    app.get(
      '/packages',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Packages by tab (global, regional, local), optionally searched by country or region name or code',
          querystring: listPackagesQuerySchema,
          response: { 200: pagedPackagesSchema },
        },
      },
      async (request, reply) => {
        const { type, q, page, pageSize } = request.query;
        return sendRendered(
          request,
          reply,
          `packages|${type ?? ''}|${q ?? ''}|${page}|${pageSize}`,
          pagedPackagesSchema,
          (s) => s.listPackages(request.query, request.locale),
        );
      },
    );

    app.get(
      '/packages/:slug',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'One package with its coverage',
          params: slugParam,
          response: { 200: packageDetailSchema },
        },
      },
      async (request, reply) =>
        sendRendered(request, reply, `package|${request.params.slug}`, packageDetailSchema, (s) =>
          s.getPackage(request.params.slug, request.locale),
        ),
    );

    app.get(
      '/highlights',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Popular packages and offers for the home page',
          response: { 200: highlightsSchema },
        },
      },
      async (request, reply) =>
        sendRendered(request, reply, 'highlights', highlightsSchema, (s) => s.highlights(request.locale)),
    );

    app.get(
      '/destinations',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Every country (local tab) or region (regional tab) we sell, with its lowest price',
          querystring: listDestinationsQuerySchema,
          response: { 200: destinationsSchema },
        },
      },
      async (request, reply) =>
        sendRendered(request, reply, `destinations|${request.query.kind}`, destinationsSchema, (s) => ({
          items: s.listDestinations(request.query.kind, request.locale),
        })),
    );

    app.get(
      '/search',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Countries and regions whose name (in any of the twelve languages) or code matches',
          querystring: searchQuerySchema,
          response: { 200: searchResponseSchema },
        },
      },
      async (request, reply) =>
        sendRendered(
          request,
          reply,
          `search|${request.query.q.toLowerCase()}`,
          searchResponseSchema,
          (s) => ({
            items: s.search(request.query.q, request.locale),
          }),
        ),
    );

    app.get(
      '/countries/:code',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: "A country's local packages and the regional and global ones that cover it",
          params: z.object({ code: countryCodeParam }),
          response: { 200: countryPageSchema },
        },
      },
      async (request, reply) =>
        sendRendered(request, reply, `country|${request.params.code}`, countryPageSchema, (s) =>
          s.getCountryPage(request.params.code, request.locale),
        ),
    );

    app.get(
      '/regions/:code',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: "A region's countries and packages",
          params: regionParam,
          response: { 200: regionPageSchema },
        },
      },
      async (request, reply) =>
        sendRendered(request, reply, `region|${request.params.code}`, regionPageSchema, (s) =>
          s.getRegionPage(request.params.code, request.locale),
        ),
    );
  };
