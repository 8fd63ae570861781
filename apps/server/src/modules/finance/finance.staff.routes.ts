import type { RouteAccess } from '@esim/contracts';
import {
  shopIdParamsSchema,
  shopReportExportQuerySchema,
  shopReportPageSchema,
  shopReportQuerySchema,
  shopReportsExportQuerySchema,
  shopReportsPageSchema,
  shopReportsQuerySchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { sendCsv } from '../../lib/csv';
import { sendDownload } from '../../lib/download';
import {
  exportShopLedger,
  exportShopReports,
  getShopReportPage,
  listShopReports,
  renderShopLedger,
  renderShopReports,
} from './finance.service';

const tags = ['staff'];
/** SPEC section 6: Finance is admin only. */
const access: RouteAccess = { staff: 'adminOnly' };
const pdf = 'application/pdf';

/** Shop finance reports (issue 31), mounted at /api/staff. */
export const financeStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/finance/shop-reports',
      {
        config: { access },
        schema: {
          tags,
          summary:
            'Per shop and period: credit bought, bonus, spent, refunds, balances, subscribers, revenue; totals',
          querystring: shopReportsQuerySchema,
          response: { 200: shopReportsPageSchema },
        },
      },
      async (request) => listShopReports(deps, request.query),
    );

    app.get(
      '/finance/shop-reports.csv',
      {
        config: { access },
        schema: {
          tags,
          summary: 'The same shops and totals as CSV',
          querystring: shopReportsExportQuerySchema,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          `shop-reports-${request.query.periodFrom}-${request.query.periodTo}.csv`,
          exportShopReports(deps, request.query),
        ),
    );

    app.get(
      '/finance/shop-reports.pdf',
      {
        config: { access },
        schema: {
          tags,
          summary: 'The same shops and totals as PDF',
          querystring: shopReportsExportQuerySchema,
        },
      },
      async (request, reply) => {
        const { pdf: body, fileName } = await renderShopReports(deps, request.query, request.locale);
        return sendDownload(reply, { contentType: pdf, fileName }, body);
      },
    );

    app.get(
      '/finance/shop-reports/:shopId',
      {
        config: { access },
        schema: {
          tags,
          summary: "One shop's report and a page of its ledger lines in the period",
          params: shopIdParamsSchema,
          querystring: shopReportQuerySchema,
          response: { 200: shopReportPageSchema },
        },
      },
      async (request) => getShopReportPage(deps, request.params.shopId, request.query),
    );

    app.get(
      '/finance/shop-reports/:shopId/ledger.csv',
      {
        config: { access },
        schema: {
          tags,
          summary: "The shop's ledger lines of the period as CSV",
          params: shopIdParamsSchema,
          querystring: shopReportExportQuerySchema,
        },
      },
      async (request, reply) => {
        const { shopId } = request.params;
        const { periodFrom, periodTo } = request.query;
        const stream = await exportShopLedger(deps, shopId, request.query);
        return sendCsv(reply, `shop-ledger-${periodFrom}-${periodTo}.csv`, stream);
      },
    );

    app.get(
      '/finance/shop-reports/:shopId/ledger.pdf',
      {
        config: { access },
        schema: {
          tags,
          summary: "The shop's ledger statement of the period as PDF",
          params: shopIdParamsSchema,
          querystring: shopReportExportQuerySchema,
        },
      },
      async (request, reply) => {
        const { pdf: body, fileName } = await renderShopLedger(
          deps,
          request.params.shopId,
          request.query,
          request.locale,
        );
        return sendDownload(reply, { contentType: pdf, fileName }, body);
      },
    );
  };
