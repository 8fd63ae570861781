import type { RouteAccess } from '@esim/contracts';
import {
  facebookAdOrdersCsvQuerySchema,
  facebookAdOrdersQuerySchema,
  facebookAdOrdersSchema,
  facebookAdsCampaignsSchema,
  facebookAdsInsightsSchema,
  facebookAdsQuerySchema,
  facebookAdsSyncResultSchema,
  facebookAdsSyncSchema,
  facebookAdsTotalSchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { sendCsv } from '../../lib/csv';
import { userIdOf } from '../auth/auth.guard';
import { campaignsCsv, insightsCsv, ordersCsv, totalCsv } from './facebook-ads.csv';
import {
  getFacebookAdOrders,
  getFacebookAdsCampaigns,
  getFacebookAdsInsights,
  getFacebookAdsTotal,
  streamFacebookAdOrders,
} from './facebook-ads.service';
import { syncAds } from './facebook-ads-sync.service';

const tags = ['staff'];
// SPEC section 6: analytics sees every Facebook screen but campaigns; the editor sees the campaigns only.
const adminAndAnalytics: RouteAccess = { staff: 'adminAndAnalytics' };
const adminAndEditor: RouteAccess = { staff: 'adminAndEditor' };
const adminOnly: RouteAccess = { staff: 'adminOnly' };

/** Facebook ads beside our revenue (issue 33, ADR 0069), mounted at /api/staff. */
export const facebookAdsStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const file = (name: string, q: { from: string; to: string }) =>
      `facebook-ads-${name}-${q.from}-${q.to}.csv`;

    app.get(
      '/facebook/ads/total',
      {
        config: { access: adminAndAnalytics },
        schema: {
          tags,
          summary:
            "Meta's spend, impressions, clicks, CPC, CTR and purchases beside our attributed orders, revenue and ROAS, over time and beside the previous period",
          querystring: facebookAdsQuerySchema,
          response: { 200: facebookAdsTotalSchema },
        },
      },
      async (request) => getFacebookAdsTotal(deps, request.query),
    );
    app.get(
      '/facebook/ads/total.csv',
      {
        config: { access: adminAndAnalytics },
        schema: { tags, summary: 'The summary over time as CSV', querystring: facebookAdsQuerySchema },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          file('total', request.query),
          totalCsv(await getFacebookAdsTotal(deps, request.query)),
        ),
    );

    app.get(
      '/facebook/ads/campaigns',
      {
        config: { access: adminAndEditor },
        schema: {
          tags,
          summary: "Each campaign's figures (Meta's and ours, with the gap), beside the previous period",
          querystring: facebookAdsQuerySchema,
          response: { 200: facebookAdsCampaignsSchema },
        },
      },
      async (request) => getFacebookAdsCampaigns(deps, request.query),
    );
    app.get(
      '/facebook/ads/campaigns.csv',
      {
        config: { access: adminAndEditor },
        schema: { tags, summary: 'The campaigns as CSV', querystring: facebookAdsQuerySchema },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          file('campaigns', request.query),
          campaignsCsv(await getFacebookAdsCampaigns(deps, request.query)),
        ),
    );

    app.get(
      '/facebook/ads/insights',
      {
        config: { access: adminAndAnalytics },
        schema: {
          tags,
          summary: "Meta's figures per ad, beside the previous period",
          querystring: facebookAdsQuerySchema,
          response: { 200: facebookAdsInsightsSchema },
        },
      },
      async (request) => getFacebookAdsInsights(deps, request.query),
    );
    app.get(
      '/facebook/ads/insights.csv',
      {
        config: { access: adminAndAnalytics },
        schema: { tags, summary: 'The ads as CSV', querystring: facebookAdsQuerySchema },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          file('insights', request.query),
          insightsCsv(await getFacebookAdsInsights(deps, request.query)),
        ),
    );

    app.get(
      '/facebook/ads/orders',
      {
        config: { access: adminAndAnalytics },
        schema: {
          tags,
          summary:
            'One page of our orders that came through an ad (fbclid or a Meta utm_source), one campaign or all, with the count and revenue of every page',
          querystring: facebookAdOrdersQuerySchema,
          response: { 200: facebookAdOrdersSchema },
        },
      },
      async (request) => getFacebookAdOrders(deps, request.query),
    );
    app.get(
      '/facebook/ads/orders.csv',
      {
        config: { access: adminAndAnalytics },
        schema: {
          tags,
          summary: 'Every attributed order the same filters select, in the same order, as CSV',
          querystring: facebookAdOrdersCsvQuerySchema,
        },
      },
      async (request, reply) =>
        sendCsv(reply, file('orders', request.query), ordersCsv(streamFacebookAdOrders(deps, request.query))),
    );

    app.post(
      '/facebook/ads/sync',
      {
        config: { access: adminOnly },
        schema: {
          tags,
          summary:
            "Syncs (or backfills) the ad platform's insights of a range of days; running it again changes nothing",
          body: facebookAdsSyncSchema,
          response: { 200: facebookAdsSyncResultSchema },
        },
      },
      async (request) => syncAds(deps, request.body, 'staff', userIdOf(request)),
    );
  };
