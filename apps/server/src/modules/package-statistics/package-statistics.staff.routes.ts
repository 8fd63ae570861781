import type { RouteAccess } from '@esim/contracts';
import {
  packageBuyersSchema,
  packageIdParamsSchema,
  packageSlugParamsSchema,
  packageStatisticsQuerySchema,
  packageStatisticsSchema,
  packagesByCountrySchema,
  packageUsersQuerySchema,
  packageUsersSchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { sendCsv } from '../../lib/csv';
import {
  exportPackageBuyers,
  exportPackageStatistics,
  exportPackagesByCountry,
  exportPackageUsers,
  getPackageBuyers,
  getPackageStatistics,
  getPackagesByCountry,
  listPackageUsers,
} from './package-statistics.service';

const tags = ['staff'];
// SPEC section 6: the statistics group is the admin's and the analytics role's; editors are refused.
const access: RouteAccess = { staff: 'adminAndAnalytics' };

/** Package statistics (issue 33, ADR 0072), mounted at /api/staff. */
export const packageStatisticsStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/statistics/packages',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Sales and revenue per package, beside the previous period',
          querystring: packageStatisticsQuerySchema,
          response: { 200: packageStatisticsSchema },
        },
      },
      async (request) => getPackageStatistics(deps, request.query),
    );
    app.get(
      '/statistics/packages.csv',
      {
        config: { access },
        schema: { tags, summary: 'Sales per package as CSV', querystring: packageStatisticsQuerySchema },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          `packages-${request.query.from}-${request.query.to}.csv`,
          await exportPackageStatistics(deps, request.query),
        ),
    );
    app.get(
      '/statistics/packages/:displayName',
      {
        config: { access },
        schema: {
          tags,
          summary: "One package's sales over time and by the buyer's country (the package by its slug)",
          params: packageSlugParamsSchema,
          querystring: packageStatisticsQuerySchema,
          response: { 200: packageBuyersSchema },
        },
      },
      async (request) => getPackageBuyers(deps, request.params.displayName, request.query),
    );
    app.get(
      '/statistics/packages/:displayName/buyers.csv',
      {
        config: { access },
        schema: {
          tags,
          summary: "One package's sales over time as CSV",
          params: packageSlugParamsSchema,
          querystring: packageStatisticsQuerySchema,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          `package-${request.params.displayName}-${request.query.from}-${request.query.to}.csv`,
          await exportPackageBuyers(deps, request.params.displayName, request.query),
        ),
    );
    app.get(
      '/statistics/package-users/:packageId',
      {
        config: { access },
        schema: {
          tags,
          summary: 'The buyers of one package in a range, largest spend first',
          params: packageIdParamsSchema,
          querystring: packageUsersQuerySchema,
          response: { 200: packageUsersSchema },
        },
      },
      async (request) => listPackageUsers(deps, request.params.packageId, request.query),
    );
    app.get(
      '/statistics/package-users/:packageId/export.csv',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Every buyer of one package in a range as CSV',
          params: packageIdParamsSchema,
          querystring: packageStatisticsQuerySchema,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          `package-users-${request.query.from}-${request.query.to}.csv`,
          await exportPackageUsers(deps, request.params.packageId, request.query),
        ),
    );
    app.get(
      '/statistics/packages-by-country',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Sales per buyer country and destination, beside the previous period',
          querystring: packageStatisticsQuerySchema,
          response: { 200: packagesByCountrySchema },
        },
      },
      async (request) => getPackagesByCountry(deps, request.query),
    );
    app.get(
      '/statistics/packages-by-country.csv',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Sales per buyer country and destination as CSV',
          querystring: packageStatisticsQuerySchema,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          `packages-by-country-${request.query.from}-${request.query.to}.csv`,
          await exportPackagesByCountry(deps, request.query),
        ),
    );
  };
