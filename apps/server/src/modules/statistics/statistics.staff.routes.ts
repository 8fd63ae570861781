import type { RouteAccess } from '@esim/contracts';
import {
  customersByCountrySchema,
  statisticsCsvQuerySchema,
  statisticsQuerySchema,
  statisticsTables,
  trafficOverviewSchema,
  trafficSourceParamsSchema,
  trafficSourceSchema,
  trafficSourcesSchema,
  visitorCountriesSchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { sendCsv } from '../../lib/csv';
import {
  exportStatistics,
  getCustomersByCountry,
  getTrafficOverview,
  getTrafficSource,
  getTrafficSources,
  getVisitorCountries,
} from './statistics.service';

const tags = ['staff'];
// SPEC section 6: statistics are for admin and analytics, blocked for editors.
const access: RouteAccess = { staff: 'adminAndAnalytics' };

/** The statistics screens of issue 33 (ADR 0066-0068), mounted at /api/staff. */
export const statisticsStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/statistics/traffic',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Visits, sessions, orders and revenue over time and by source, beside the previous period',
          querystring: statisticsQuerySchema,
          response: { 200: trafficOverviewSchema },
        },
      },
      async (request) => getTrafficOverview(deps, request.query),
    );
    app.get(
      '/statistics/traffic.csv',
      {
        config: { access },
        schema: {
          tags,
          summary: 'One table of the traffic overview as CSV',
          querystring: statisticsCsvQuerySchema(statisticsTables.traffic),
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          `traffic-${request.query.table}-${request.query.from}-${request.query.to}.csv`,
          await exportStatistics(deps, 'traffic', request.query),
        ),
    );
    app.get(
      '/statistics/traffic/sources',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Every traffic source with its visits, sessions, orders and revenue',
          querystring: statisticsQuerySchema,
          response: { 200: trafficSourcesSchema },
        },
      },
      async (request) => getTrafficSources(deps, request.query),
    );
    app.get(
      '/statistics/traffic/sources.csv',
      {
        config: { access },
        schema: {
          tags,
          summary: 'The traffic sources as CSV',
          querystring: statisticsCsvQuerySchema(statisticsTables.sources),
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          `traffic-sources-${request.query.from}-${request.query.to}.csv`,
          await exportStatistics(deps, 'sources', request.query),
        ),
    );
    app.get(
      '/statistics/traffic/sources/:sourceName',
      {
        config: { access },
        schema: {
          tags,
          summary: 'One source over time, its campaigns and landing pages (404 for a source never seen)',
          params: trafficSourceParamsSchema,
          querystring: statisticsQuerySchema,
          response: { 200: trafficSourceSchema },
        },
      },
      async (request) => getTrafficSource(deps, { ...request.query, source: request.params.sourceName }),
    );
    app.get(
      '/statistics/traffic/sources/:sourceName/table.csv',
      {
        config: { access },
        schema: {
          tags,
          summary: 'One table of a source as CSV',
          params: trafficSourceParamsSchema,
          querystring: statisticsCsvQuerySchema(statisticsTables.source),
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          `traffic-source-${request.query.table}-${request.query.from}-${request.query.to}.csv`,
          await exportStatistics(deps, 'source', { ...request.query, source: request.params.sourceName }),
        ),
    );
    app.get(
      '/statistics/countries',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Visits, sessions, orders, conversion and revenue per visitor country',
          querystring: statisticsQuerySchema,
          response: { 200: visitorCountriesSchema },
        },
      },
      async (request) => getVisitorCountries(deps, request.query),
    );
    app.get(
      '/statistics/countries.csv',
      {
        config: { access },
        schema: {
          tags,
          summary: 'The visitor countries as CSV',
          querystring: statisticsCsvQuerySchema(statisticsTables.countries),
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          `visitor-countries-${request.query.from}-${request.query.to}.csv`,
          await exportStatistics(deps, 'countries', request.query),
        ),
    );
    app.get(
      '/statistics/users-by-country',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Customers registered per country in the range and before it, with growth',
          querystring: statisticsQuerySchema,
          response: { 200: customersByCountrySchema },
        },
      },
      async (request) => getCustomersByCountry(deps, request.query),
    );
    app.get(
      '/statistics/users-by-country.csv',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Customers by country as CSV',
          querystring: statisticsCsvQuerySchema(statisticsTables.usersByCountry),
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          `users-by-country-${request.query.from}-${request.query.to}.csv`,
          await exportStatistics(deps, 'usersByCountry', request.query),
        ),
    );
  };
