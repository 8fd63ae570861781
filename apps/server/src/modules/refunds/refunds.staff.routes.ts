import type { RouteAccess } from '@esim/contracts';
import { orderIdParamsSchema } from '@esim/contracts';
import {
  clientIdParamsSchema,
  clientRefundAnswerSchema,
  clientRefundBodySchema,
  createRefundBodySchema,
  orderRefundQuoteSchema,
  pagedStaffRefundsSchema,
  refundAnswerSchema,
  refundIdParamsSchema,
  sandboxRefundModeSchema,
  setSandboxRefundModeBodySchema,
  staffRefundsCsvQuerySchema,
  staffRefundsQuerySchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSandboxFailRefunds, setSandboxFailRefunds } from '../../adapters/payments/sandbox.repository';
import type { AppDeps } from '../../deps';
import { sendCsv } from '../../lib/csv';
import { userIdOf } from '../auth/auth.guard';
import {
  exportStaffRefunds,
  getRefundQuote,
  listStaffRefunds,
  refundClient,
  refundOrder,
  retryRefund,
} from './staff-refunds.service';

const tags = ['staff'];
const access: RouteAccess = { staff: 'adminOnly' };

/** Staff refunds (issue 31), mounted at /api/staff. Admin only (SPEC section 6). */
export const refundsStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/refunds',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Refunds of every kind, filtered by kind and status (the six refund lists)',
          querystring: staffRefundsQuerySchema,
          response: { 200: pagedStaffRefundsSchema },
        },
      },
      async (request) => listStaffRefunds(deps, request.query),
    );

    app.get(
      '/refunds.csv',
      {
        config: { access },
        schema: {
          tags,
          summary: 'The same filtered refunds as CSV',
          querystring: staffRefundsCsvQuerySchema,
        },
      },
      async (request, reply) => sendCsv(reply, 'refunds.csv', exportStaffRefunds(deps, request.query)),
    );

    app.get(
      '/orders/:orderId/refunds',
      {
        config: { access },
        schema: {
          tags,
          summary: "An order's refunds, what may still be refunded, the refund policy and the economics",
          params: orderIdParamsSchema,
          response: { 200: orderRefundQuoteSchema },
        },
      },
      async (request) => getRefundQuote(deps, request.params.orderId),
    );

    app.post(
      '/orders/:orderId/refunds',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Refund an order in full or in part (never more than paid less already refunded)',
          params: orderIdParamsSchema,
          body: createRefundBodySchema,
          response: { 201: refundAnswerSchema },
        },
      },
      async (request, reply) => {
        const answer = await refundOrder(
          deps,
          {
            orderId: request.params.orderId,
            body: request.body,
            staffUserId: userIdOf(request),
            t: request.t,
          },
          request.log,
        );
        return reply.status(201).send(answer);
      },
    );

    app.post(
      '/orders/:orderId/refunds/:refundId/retry',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Send a failed refund again under the same idempotency key',
          params: refundIdParamsSchema,
          response: { 200: refundAnswerSchema },
        },
      },
      async (request) =>
        retryRefund(deps, { ...request.params, staffUserId: userIdOf(request), t: request.t }, request.log),
    );

    app.post(
      '/clients/:clientId/refunds',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Refund every refundable order of a client, each its own refund',
          params: clientIdParamsSchema,
          body: clientRefundBodySchema,
          response: { 201: clientRefundAnswerSchema },
        },
      },
      async (request, reply) => {
        const answer = await refundClient(
          deps,
          {
            clientId: request.params.clientId,
            body: request.body,
            staffUserId: userIdOf(request),
            t: request.t,
          },
          request.log,
        );
        return reply.status(201).send(answer);
      },
    );

    // The payments sandbox's switch (a failed refund on demand); with a real provider it reads unavailable.
    app.get(
      '/refunds/sandbox',
      {
        config: { access },
        schema: {
          tags,
          summary: "The payments sandbox's refund mode",
          response: { 200: sandboxRefundModeSchema },
        },
      },
      async () => ({
        available: deps.sandboxPayments !== null,
        failRefunds: deps.sandboxPayments !== null && (await getSandboxFailRefunds(deps.db)),
      }),
    );

    app.put(
      '/refunds/sandbox',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Switch the payments sandbox to fail refunds, or back (sandbox only)',
          body: setSandboxRefundModeBodySchema,
          response: { 200: sandboxRefundModeSchema },
        },
      },
      async (request) => {
        if (deps.sandboxPayments === null) return { available: false, failRefunds: false };
        await setSandboxFailRefunds(deps.db, request.body.failRefunds);
        return { available: true, failRefunds: request.body.failRefunds };
      },
    );
  };
