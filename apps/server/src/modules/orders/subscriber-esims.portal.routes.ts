import { esimIdParamsSchema, orderIdParamsSchema, type RouteAccess } from '@esim/contracts';
import { createPortalPurchaseResponseSchema, resellerPackageSchema } from '@esim/contracts/portal';
import {
  createDeliveryBodySchema,
  createPortalEsimChangeBodySchema,
  portalChangeQuoteSchema,
  portalEsimInstallSchema,
  portalOrderStatusSchema,
  refillPackagesResponseSchema,
  subscriberDeliverySchema,
} from '@esim/contracts/portal-subscribers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { sendDownload } from '../../lib/download';
import { authOf, requireActiveShop, shopIdOf } from '../auth/auth.guard';
import { deliverEsim, printEsimSheet } from './portal-deliveries.service';
import {
  createPortalEsimChange,
  getPortalEsimInstall,
  getPortalOrderStatus,
  getResellerPackage,
  listRefillPackages,
  quotePortalEsimChange,
} from './portal-orders.service';

const tags = ['portal'];

/**
 * The portal's subscribers side (issue 11), mounted at /api/portal: the new-subscriber wizard's order status and
 * install details, its preselected package, refill packages, change of eSIM by credits, and deliveries of an
 * eSIM to its subscriber (e-mail, SMS, printable PDF). Only an active shop's users; another shop's ids are 404.
 */
export const subscriberEsimsPortalRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const access: RouteAccess = { kinds: ['shop'] };
    app.addHook('preValidation', requireActiveShop);
    const shopOf = (request: Parameters<typeof authOf>[0]) => {
      const shop = authOf(request).details.shop;
      if (!shop) throw new AppError('SHOP_NOT_ACTIVE');
      return shop;
    };

    app.get(
      '/orders/:orderId',
      {
        config: { access },
        schema: {
          tags,
          summary: "One of the shop's orders and, once it is done, the eSIM's QR code and install details",
          params: orderIdParamsSchema,
          response: { 200: portalOrderStatusSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return getPortalOrderStatus(deps, shopIdOf(request), request.params.orderId);
      },
    );

    app.get(
      '/packages/:slug',
      {
        config: { access },
        schema: {
          tags,
          summary: 'One package of the reseller price list (reseller and suggested retail price)',
          params: z.object({ slug: z.string().trim().min(1).max(160) }),
          response: { 200: resellerPackageSchema },
        },
      },
      async (request) => getResellerPackage(deps, request.params.slug, shopOf(request).sellShopPrice),
    );

    app.get(
      '/esims/:esimId/install',
      {
        config: { access },
        schema: {
          tags,
          summary: "QR code, manual details and one-tap link of a subscriber's eSIM",
          params: esimIdParamsSchema,
          response: { 200: portalEsimInstallSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return getPortalEsimInstall(deps, shopIdOf(request), request.params.esimId);
      },
    );

    app.get(
      '/esims/:esimId/refill-packages',
      {
        config: { access },
        schema: {
          tags,
          summary:
            "Reseller packages a subscriber's eSIM can be refilled with (same provider and destination)",
          params: esimIdParamsSchema,
          response: { 200: refillPackagesResponseSchema },
        },
      },
      async (request) => ({
        items: await listRefillPackages(
          deps,
          shopIdOf(request),
          request.params.esimId,
          shopOf(request).sellShopPrice,
        ),
      }),
    );

    app.get(
      '/esims/:esimId/change-quote',
      {
        config: { access },
        schema: {
          tags,
          summary: "What a change of a subscriber's eSIM costs in credits and how many packages move",
          params: esimIdParamsSchema,
          response: { 200: portalChangeQuoteSchema },
        },
      },
      async (request) => quotePortalEsimChange(deps, shopIdOf(request), request.params.esimId),
    );

    app.post(
      '/esims/:esimId/change',
      {
        config: { access },
        schema: {
          tags,
          summary:
            "Change a subscriber's eSIM, paid by credits: a new eSIM takes over every package (one order per key)",
          params: esimIdParamsSchema,
          body: createPortalEsimChangeBodySchema,
          response: { 201: createPortalPurchaseResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await createPortalEsimChange(deps, {
          shopId: shopIdOf(request),
          userId: authOf(request).details.user.id,
          esimId: request.params.esimId,
          body: request.body,
          locale: request.locale,
        });
        return reply.code(201).send(result);
      },
    );

    app.post(
      '/esims/:esimId/deliveries',
      {
        config: { access },
        schema: {
          tags,
          summary: "Send a subscriber's eSIM install details by e-mail or SMS; recorded on the subscriber",
          params: esimIdParamsSchema,
          body: createDeliveryBodySchema,
          response: { 201: subscriberDeliverySchema },
        },
      },
      async (request, reply) => {
        const delivery = await deliverEsim(
          deps,
          {
            shop: shopOf(request),
            user: authOf(request).details.user,
            esimId: request.params.esimId,
            body: request.body,
            locale: request.locale,
          },
          request.log,
        );
        return reply.code(201).send(delivery);
      },
    );

    app.post(
      '/esims/:esimId/print',
      {
        config: { access },
        schema: {
          tags,
          summary:
            "A printable install sheet (PDF) with the shop's name and logo; recorded on the subscriber",
          params: esimIdParamsSchema,
        },
      },
      async (request, reply) => {
        const { pdf, fileName } = await printEsimSheet(deps, {
          shop: shopOf(request),
          userId: authOf(request).details.user.id,
          esimId: request.params.esimId,
          locale: request.locale,
        });
        return sendDownload(reply, { contentType: 'application/pdf', fileName }, pdf);
      },
    );
  };
