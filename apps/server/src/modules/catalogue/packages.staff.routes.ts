import type { RouteAccess } from '@esim/contracts';
import {
  addPackageBodySchema,
  bulkPackagesBodySchema,
  catalogueDiffSchema,
  highlightListParamsSchema,
  highlightOrderSchema,
  packageAnswerSchema,
  packageChangeResultSchema,
  packageIdParamsSchema,
  packageVersionQuerySchema,
  pagedStaffPackagesSchema,
  pagedWholesalePackagesSchema,
  resellerBulkMarginBodySchema,
  saveHighlightOrderBodySchema,
  setResellerPriceBodySchema,
  staffPackageDetailSchema,
  staffPackagesQuerySchema,
  updatePackageBodySchema,
  wholesalePackagesQuerySchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { userIdOf } from '../auth/auth.guard';
import {
  addPackage,
  applyCatalogueSync,
  bulkChangePackages,
  bulkResellerMargin,
  deleteStaffPackage,
  diffCatalogue,
  getHighlightOrder,
  getStaffPackage,
  listStaffPackages,
  listWholesalePackages,
  removeResellerPrice,
  saveHighlightOrder,
  setResellerPrice,
  updateStaffPackage,
} from './staff-packages.service';

const tags = ['staff'];
// The packages group: admin and analytics (SPEC section 6, apps/admin/app/lib/access.ts).
const access: RouteAccess = { staff: 'adminAndAnalytics' };

/** `/global-packages/*` (issue 32), mounted at /api/staff. */
export const packagesStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = (request: Parameters<typeof userIdOf>[0]) => ({
      staffUserId: userIdOf(request),
      t: request.t,
    });

    app.get(
      '/packages',
      {
        config: { access },
        schema: {
          tags,
          summary:
            'Every package with its price, offer, cost and margin; by type, state, reseller listing, search',
          querystring: staffPackagesQuerySchema,
          response: { 200: pagedStaffPackagesSchema },
        },
      },
      async (request) => listStaffPackages(deps, request.query),
    );

    app.post(
      '/packages/bulk',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Activate, deactivate, or price at wholesale cost plus a margin, the selected packages',
          body: bulkPackagesBodySchema,
          response: { 200: packageChangeResultSchema },
        },
      },
      async (request) => bulkChangePackages(deps, { ...staff(request), body: request.body }),
    );

    app.get(
      '/packages/wholesale',
      {
        config: { access },
        schema: {
          tags,
          summary: "The provider's wholesale list, with what we already sell marked",
          querystring: wholesalePackagesQuerySchema,
          response: { 200: pagedWholesalePackagesSchema },
        },
      },
      async (request) => listWholesalePackages(deps, request.query),
    );

    app.post(
      '/packages',
      {
        config: { access },
        schema: {
          tags,
          summary: "Add a package of the provider's wholesale list with our price",
          body: addPackageBodySchema,
          response: { 200: packageAnswerSchema },
        },
      },
      async (request) => addPackage(deps, { ...staff(request), body: request.body }),
    );

    app.get(
      '/packages/highlights/:list',
      {
        config: { access },
        schema: {
          tags,
          summary: "The home page's popular or offers packages in their order",
          params: highlightListParamsSchema,
          response: { 200: highlightOrderSchema },
        },
      },
      async (request) => getHighlightOrder(deps, request.params.list),
    );

    app.put(
      '/packages/highlights/:list',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Save the order of the popular or offers list (every package on it, once)',
          params: highlightListParamsSchema,
          body: saveHighlightOrderBodySchema,
          response: { 200: packageChangeResultSchema },
        },
      },
      async (request) =>
        saveHighlightOrder(deps, { ...staff(request), list: request.params.list, ids: request.body.ids }),
    );

    app.post(
      '/packages/reseller/margin',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Set the reseller price of the selected packages to wholesale cost plus a margin',
          body: resellerBulkMarginBodySchema,
          response: { 200: packageChangeResultSchema },
        },
      },
      async (request) => bulkResellerMargin(deps, { ...staff(request), body: request.body }),
    );

    app.get(
      '/packages/sync',
      {
        config: { access },
        schema: {
          tags,
          summary:
            "What applying the provider's list would change: new packages, changed costs, dropped packages",
          response: { 200: catalogueDiffSchema },
        },
      },
      async () => diffCatalogue(deps),
    );

    app.post(
      '/packages/sync',
      {
        config: { access },
        schema: {
          tags,
          summary: "Apply the provider's list now",
          response: { 200: packageChangeResultSchema },
        },
      },
      async (request) => applyCatalogueSync(deps, staff(request)),
    );

    app.get(
      '/packages/:packageId',
      {
        config: { access },
        schema: {
          tags,
          summary: 'One package with its change history',
          params: packageIdParamsSchema,
          response: { 200: staffPackageDetailSchema },
        },
      },
      async (request) => getStaffPackage(deps, request.params.packageId),
    );

    app.patch(
      '/packages/:packageId',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Edit price, offer and its dates, popular, active and the display names',
          params: packageIdParamsSchema,
          body: updatePackageBodySchema,
          response: { 200: packageAnswerSchema },
        },
      },
      async (request) =>
        updateStaffPackage(deps, {
          ...staff(request),
          packageId: request.params.packageId,
          body: request.body,
        }),
    );

    app.delete(
      '/packages/:packageId',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Delete a package no paid, unused order needs (otherwise deactivate it)',
          params: packageIdParamsSchema,
          querystring: packageVersionQuerySchema,
          response: { 200: packageChangeResultSchema },
        },
      },
      async (request) =>
        deleteStaffPackage(deps, {
          ...staff(request),
          packageId: request.params.packageId,
          version: request.query.version,
        }),
    );

    app.put(
      '/packages/:packageId/reseller',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Put the package on the reseller price list, or change its reseller price',
          params: packageIdParamsSchema,
          body: setResellerPriceBodySchema,
          response: { 200: packageAnswerSchema },
        },
      },
      async (request) =>
        setResellerPrice(deps, {
          ...staff(request),
          packageId: request.params.packageId,
          body: request.body,
        }),
    );

    app.delete(
      '/packages/:packageId/reseller',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Take the package off the reseller price list',
          params: packageIdParamsSchema,
          querystring: packageVersionQuerySchema,
          response: { 200: packageChangeResultSchema },
        },
      },
      async (request) =>
        removeResellerPrice(deps, {
          ...staff(request),
          packageId: request.params.packageId,
          version: request.query.version,
        }),
    );
  };
