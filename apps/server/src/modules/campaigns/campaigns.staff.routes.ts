import type { RouteAccess } from '@esim/contracts';
import {
  campaignBodySchema,
  campaignIdParamsSchema,
  campaignLanguagesBodySchema,
  campaignOrdersQuerySchema,
  campaignOrdersSchema,
  campaignResponseSchema,
  campaignSchema,
  campaignsQuerySchema,
  pagedCampaignsSchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { userIdOf } from '../auth/auth.guard';
import {
  createCampaign,
  getStaffCampaign,
  listCampaignOrders,
  listStaffCampaigns,
  updateCampaign,
  updateCampaignTexts,
} from './campaigns.service';

const tags = ['staff'];
/** SPEC section 6: analytics sees the campaigns list; the screens it leads to stay with it (access.ts). */
const access: RouteAccess = { staff: 'adminAndAnalytics' };

/** The Campaigns group (issue 32), mounted at /api/staff. */
export const campaignsStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/campaigns',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Campaigns: dates, coupon, utm code, state',
          querystring: campaignsQuerySchema,
          response: { 200: pagedCampaignsSchema },
        },
      },
      async (request) => listStaffCampaigns(deps, request.query),
    );

    app.get(
      '/campaigns/:campaignId',
      {
        config: { access },
        schema: {
          tags,
          summary: 'One campaign with its banner texts',
          params: campaignIdParamsSchema,
          response: { 200: campaignSchema },
        },
      },
      async (request) => getStaffCampaign(deps, request.params.campaignId),
    );

    app.post(
      '/campaigns',
      {
        config: { access },
        schema: {
          tags,
          summary:
            'Create a campaign (a taken utm code, an end before the start or a missing required text is refused)',
          body: campaignBodySchema,
          response: { 201: campaignResponseSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await createCampaign(deps, { staffUserId: userIdOf(request), body: request.body, t: request.t }),
          ),
    );

    app.put(
      '/campaigns/:campaignId',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Change a campaign (with the version read)',
          params: campaignIdParamsSchema,
          body: campaignBodySchema,
          response: { 200: campaignResponseSchema },
        },
      },
      async (request) =>
        updateCampaign(deps, {
          staffUserId: userIdOf(request),
          campaignId: request.params.campaignId,
          body: request.body,
          t: request.t,
        }),
    );

    app.put(
      '/campaigns/:campaignId/languages',
      {
        config: { access },
        schema: {
          tags,
          summary: 'The banner text in each of the twelve languages (Albanian and English required)',
          params: campaignIdParamsSchema,
          body: campaignLanguagesBodySchema,
          response: { 200: campaignResponseSchema },
        },
      },
      async (request) =>
        updateCampaignTexts(deps, {
          staffUserId: userIdOf(request),
          campaignId: request.params.campaignId,
          body: request.body,
          t: request.t,
        }),
    );

    app.get(
      '/campaigns/:campaignId/orders',
      {
        config: { access },
        schema: {
          tags,
          summary: 'The orders the campaign brought (its coupon, or its link) with their revenue',
          params: campaignIdParamsSchema,
          querystring: campaignOrdersQuerySchema,
          response: { 200: campaignOrdersSchema },
        },
      },
      async (request) => listCampaignOrders(deps, request.params.campaignId, request.query),
    );
  };
