import type { RouteAccess } from '@esim/contracts';
import {
  approveBusinessBodySchema,
  businessDetailSchema,
  businessesQuerySchema,
  businessIdParamsSchema,
  businessOrdersQuerySchema,
  businessOrdersResponseSchema,
  businessResponseSchema,
  pagedBusinessesSchema,
  rejectBusinessBodySchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { userIdOf } from '../auth/auth.guard';
import {
  approveBusiness,
  getBusinessDetail,
  listBusinesses,
  listBusinessOrders,
  rejectBusiness,
} from './businesses.service';

const tags = ['staff'];
const access: RouteAccess = { staff: 'adminOnly' };

/** Partner applications and the orders their links brought (issue 12), mounted at /api/staff. Admin only. */
export const businessesStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/businesses',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Partner applications with their status',
          querystring: businessesQuerySchema,
          response: { 200: pagedBusinessesSchema },
        },
      },
      async (request) => listBusinesses(deps, request.query),
    );

    app.get(
      '/businesses/orders',
      {
        config: { access },
        schema: {
          tags,
          summary: "Orders partners' referral links brought, with each partner's paid orders and total",
          querystring: businessOrdersQuerySchema,
          response: { 200: businessOrdersResponseSchema },
        },
      },
      async (request) => listBusinessOrders(deps, request.query),
    );

    app.get(
      '/businesses/:businessId',
      {
        config: { access },
        schema: {
          tags,
          summary: 'An application and the history of decisions on it',
          params: businessIdParamsSchema,
          response: { 200: businessDetailSchema },
        },
      },
      async (request) => getBusinessDetail(deps, request.params.businessId),
    );

    app.post(
      '/businesses/:businessId/approve',
      {
        config: { access },
        schema: {
          tags,
          summary:
            'Approve: a reseller becomes a shop (its user invited); others get a referral code and link',
          params: businessIdParamsSchema,
          body: approveBusinessBodySchema,
          response: { 200: businessResponseSchema },
        },
      },
      async (request) =>
        approveBusiness(deps, {
          staffUserId: userIdOf(request),
          businessId: request.params.businessId,
          version: request.body.version,
          t: request.t,
        }),
    );

    app.post(
      '/businesses/:businessId/reject',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Reject with a reason, e-mailed to the applicant',
          params: businessIdParamsSchema,
          body: rejectBusinessBodySchema,
          response: { 200: businessResponseSchema },
        },
      },
      async (request) =>
        rejectBusiness(deps, {
          staffUserId: userIdOf(request),
          businessId: request.params.businessId,
          body: request.body,
          t: request.t,
        }),
    );
  };
