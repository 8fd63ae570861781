import type { RouteAccess } from '@esim/contracts';
import {
  giftCardIdParamsSchema,
  pagedStaffGiftCardsSchema,
  releaseGiftCardBodySchema,
  resendGiftCardBodySchema,
  resendGiftCardResponseSchema,
  staffGiftCardDetailSchema,
  staffGiftCardsCsvQuerySchema,
  staffGiftCardsQuerySchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { sendCsv } from '../../lib/csv';
import { userIdOf } from '../auth/auth.guard';
import {
  exportStaffGiftCards,
  getStaffGiftCard,
  listStaffGiftCards,
  releaseGiftCard,
  resendGiftCard,
} from './gift-cards.service';

const tags = ['staff'];
const access: RouteAccess = { staff: 'adminOnly' };

/** `/orders/gift-cards` (issue 31), mounted at /api/staff. Admin only (SPEC section 6). */
export const giftCardsStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/gift-cards',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Gift cards: code masked, amount, balance, buyer, recipient, send date, delivery state',
          querystring: staffGiftCardsQuerySchema,
          response: { 200: pagedStaffGiftCardsSchema },
        },
      },
      async (request) => listStaffGiftCards(deps, request.query),
    );

    app.get(
      '/gift-cards.csv',
      {
        config: { access },
        schema: {
          tags,
          summary: 'The same filtered gift cards as a CSV download (streamed)',
          querystring: staffGiftCardsCsvQuerySchema,
        },
      },
      async (request, reply) => sendCsv(reply, 'gift-cards.csv', exportStaffGiftCards(deps, request.query)),
    );

    app.get(
      '/gift-cards/:giftCardId',
      {
        config: { access },
        schema: {
          tags,
          summary: 'One gift card with its redemptions',
          params: giftCardIdParamsSchema,
          response: { 200: staffGiftCardDetailSchema },
        },
      },
      async (request) => getStaffGiftCard(deps, request.params.giftCardId),
    );

    app.post(
      '/gift-cards/:giftCardId/resend',
      {
        config: { access },
        schema: {
          tags,
          summary: "E-mail a delivered card's code to its recipient again (once per click id)",
          params: giftCardIdParamsSchema,
          body: resendGiftCardBodySchema,
          response: { 200: resendGiftCardResponseSchema },
        },
      },
      async (request) =>
        resendGiftCard(deps, {
          giftCardId: request.params.giftCardId,
          staffUserId: userIdOf(request),
          clickId: request.body.clickId,
          reason: request.body.reason ?? null,
          t: request.t,
        }),
    );

    app.post(
      '/gift-cards/:giftCardId/release',
      {
        config: { access },
        schema: {
          tags,
          summary:
            "Let a blocked buyer's held card go (ADR 0092): delivered at once when its day has come, else on its day; a reason is required, once per click id",
          params: giftCardIdParamsSchema,
          body: releaseGiftCardBodySchema,
          response: { 200: resendGiftCardResponseSchema },
        },
      },
      async (request) =>
        releaseGiftCard(deps, {
          giftCardId: request.params.giftCardId,
          staffUserId: userIdOf(request),
          clickId: request.body.clickId,
          reason: request.body.reason,
          t: request.t,
        }),
    );
  };
