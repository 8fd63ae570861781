import {
  pushConfigSchema,
  pushDeviceIdParamsSchema,
  pushDeviceResponseSchema,
  type RouteAccess,
  registerPushDeviceBodySchema,
  removeWebPushSubscriptionQuerySchema,
  webPushSubscriptionBodySchema,
} from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { userIdOf } from '../auth/auth.guard';
import { registerPushDevice, removePushDevice, subscribeWebPush } from './push.service';

const tags = ['account'];
const access: RouteAccess = { kinds: ['customer'] };
const messageSchema = z.object({ message: z.string() });

/**
 * A customer's push devices (issue 32), mounted at /api/account: native apps register and remove their FCM token,
 * the site its Web Push subscription. Each caller reaches only their own devices.
 */
export const pushCustomerRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/push/config',
      {
        config: { access },
        schema: {
          tags,
          summary: 'The VAPID public key the site subscribes with (null: the site offers no notifications)',
          response: { 200: pushConfigSchema },
        },
      },
      async () => ({ webPushPublicKey: deps.config.push.web.publicKey }),
    );

    app.post(
      '/push/devices',
      {
        config: { access },
        schema: {
          tags,
          summary: "Register a native app's FCM token (again: it moves to the caller, keys refreshed)",
          body: registerPushDeviceBodySchema,
          response: { 201: pushDeviceResponseSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          device: await registerPushDevice(deps, userIdOf(request), request.body),
          message: request.t('push:messages.deviceRegistered'),
        }),
    );

    app.delete(
      '/push/devices/:deviceId',
      {
        config: { access },
        schema: {
          tags,
          summary: "Remove one of the caller's devices (the app signed out or the customer turned push off)",
          params: pushDeviceIdParamsSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await removePushDevice(deps, userIdOf(request), { id: request.params.deviceId });
        return { message: request.t('push:messages.deviceRemoved') };
      },
    );

    app.post(
      '/push/web-subscriptions',
      {
        config: { access },
        schema: {
          tags,
          summary: "Store the browser's Web Push subscription (PushSubscription.toJSON())",
          body: webPushSubscriptionBodySchema,
          response: { 201: pushDeviceResponseSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          device: await subscribeWebPush(deps, userIdOf(request), request.body),
          message: request.t('push:messages.deviceRegistered'),
        }),
    );

    app.delete(
      '/push/web-subscriptions',
      {
        config: { access },
        schema: {
          tags,
          summary: "Remove the browser's subscription by its endpoint (notifications turned off)",
          querystring: removeWebPushSubscriptionQuerySchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await removePushDevice(deps, userIdOf(request), { token: request.query.endpoint });
        return { message: request.t('push:messages.deviceRemoved') };
      },
    );
  };
