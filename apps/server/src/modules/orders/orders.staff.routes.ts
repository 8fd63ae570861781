import {
  failedOrdersCsvQuerySchema,
  failedOrdersQuerySchema,
  orderIdParamsSchema,
  pagedFailedOrdersSchema,
  staffActionBodySchema,
} from '@esim/contracts';
import {
  contactBuyerResponseSchema,
  pagedStaffOrdersSchema,
  pagedStaffReviewOrdersSchema,
  reviewDecisionBodySchema,
  staffOrderActionResponseSchema,
  staffOrderPageSchema,
  staffOrdersCsvQuerySchema,
  staffOrdersQuerySchema,
  staffReviewOrdersCsvQuerySchema,
  staffReviewOrdersQuerySchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { sendCsv } from '../../lib/csv';
import { userIdOf } from '../auth/auth.guard';
import { retryFulfilment } from './fulfilment.service';
import { approveReview, cancelReview, contactBuyer } from './staff-order-actions.service';
import { getStaffOrderPage } from './staff-order-page.service';
import {
  exportAllOrders,
  exportFailedOrders,
  exportReviewOrders,
  listAllOrders,
  listFailedOrders,
  listReviewOrders,
} from './staff-orders.service';

const tags = ['staff'];

/**
 * The staff dashboard's orders, mounted at /api/staff: orders whose fulfilment failed and the retry action (the
 * screens come with the staff issues). Admin only.
 */
export const ordersStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/orders/failed',
      {
        config: { access: { staff: 'adminOnly' } },
        schema: {
          tags,
          summary: 'Paid orders whose fulfilment failed, newest first',
          querystring: failedOrdersQuerySchema,
          response: { 200: pagedFailedOrdersSchema },
        },
      },
      async (request) => listFailedOrders(deps, request.query),
    );

    app.get(
      '/orders/failed.csv',
      {
        config: { access: { staff: 'adminOnly' } },
        schema: {
          tags,
          summary: 'The failed orders as a CSV download (every row)',
          querystring: failedOrdersCsvQuerySchema,
        },
      },
      async (request, reply) => sendCsv(reply, 'failed-orders.csv', exportFailedOrders(deps, request.query)),
    );

    app.get(
      '/orders',
      {
        config: { access: { staff: 'adminOnly' } },
        schema: {
          tags,
          summary: 'Every order of every kind, filtered, searched and sorted',
          querystring: staffOrdersQuerySchema,
          response: { 200: pagedStaffOrdersSchema },
        },
      },
      async (request) => listAllOrders(deps, request.query),
    );

    app.get(
      '/orders.csv',
      {
        config: { access: { staff: 'adminOnly' } },
        schema: {
          tags,
          summary: 'The same filtered orders as a CSV download (every row)',
          querystring: staffOrdersCsvQuerySchema,
        },
      },
      async (request, reply) => sendCsv(reply, 'orders.csv', exportAllOrders(deps, request.query)),
    );

    app.get(
      '/orders/for-review',
      {
        config: { access: { staff: 'adminOnly' } },
        schema: {
          tags,
          summary: 'Orders the system could not settle on its own, with why (ADR 0034)',
          querystring: staffReviewOrdersQuerySchema,
          response: { 200: pagedStaffReviewOrdersSchema },
        },
      },
      async (request) => listReviewOrders(deps, request.query),
    );

    app.get(
      '/orders/for-review.csv',
      {
        config: { access: { staff: 'adminOnly' } },
        schema: {
          tags,
          summary: 'The orders in review as a CSV download (every row)',
          querystring: staffReviewOrdersCsvQuerySchema,
        },
      },
      async (request, reply) =>
        sendCsv(reply, 'orders-for-review.csv', exportReviewOrders(deps, request.query)),
    );

    app.get(
      '/orders/:orderId',
      {
        config: { access: { staff: 'adminOnly' } },
        schema: {
          tags,
          summary: 'One order: buyer, price, payments, eSIMs and usage, messages, refunds and its timeline',
          params: orderIdParamsSchema,
          response: { 200: staffOrderPageSchema },
        },
      },
      async (request) => getStaffOrderPage(deps, request.params.orderId),
    );

    app.post(
      '/orders/:orderId/retry-fulfilment',
      {
        config: { access: { staff: 'adminOnly' } },
        schema: {
          tags,
          summary: 'Queue a failed order for fulfilment again',
          params: orderIdParamsSchema,
          body: staffActionBodySchema,
          response: { 202: z.object({ queued: z.literal(true) }) },
        },
      },
      async (request, reply) => {
        await retryFulfilment(deps, request.params.orderId, {
          staffUserId: userIdOf(request),
          reason: request.body?.reason ?? null,
        });
        return reply.status(202).send({ queued: true as const });
      },
    );

    app.post(
      '/orders/:orderId/approve',
      {
        config: { access: { staff: 'adminOnly' } },
        schema: {
          tags,
          summary: 'Approve an order in review: carry it out (fulfil it, or credit the shop), with a reason',
          params: orderIdParamsSchema,
          body: reviewDecisionBodySchema,
          response: { 200: staffOrderActionResponseSchema },
        },
      },
      async (request) =>
        approveReview(deps, request.params.orderId, request.body, {
          staffUserId: userIdOf(request),
          t: request.t,
        }),
    );

    app.post(
      '/orders/:orderId/cancel',
      {
        config: { access: { staff: 'adminOnly' } },
        schema: {
          tags,
          summary: 'Cancel an order in review without carrying it out, with a reason',
          params: orderIdParamsSchema,
          body: reviewDecisionBodySchema,
          response: { 200: staffOrderActionResponseSchema },
        },
      },
      async (request) =>
        cancelReview(deps, request.params.orderId, request.body, {
          staffUserId: userIdOf(request),
          t: request.t,
        }),
    );

    app.post(
      '/orders/:orderId/contact-buyer',
      {
        config: { access: { staff: 'adminOnly' } },
        schema: {
          tags,
          summary:
            "E-mail the buyer of a failed order from the template, in the order's language (once a window)",
          params: orderIdParamsSchema,
          body: staffActionBodySchema,
          response: { 200: contactBuyerResponseSchema },
        },
      },
      async (request) =>
        contactBuyer(deps, request.params.orderId, request.body, {
          staffUserId: userIdOf(request),
          t: request.t,
        }),
    );
  };
