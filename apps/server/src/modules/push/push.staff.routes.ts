import type { RouteAccess } from '@esim/contracts';
import {
  pagedPushNotificationsSchema,
  pushAudienceBodySchema,
  pushDryRunSchema,
  pushNotificationResponseSchema,
  pushNotificationsQuerySchema,
  sendPushNotificationBodySchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { userIdOf } from '../auth/auth.guard';
import { createPushNotification, dryRunPushNotification, listStaffPushNotifications } from './push.service';

const tags = ['staff'];
/** SPEC section 6: the notification screen is for admin and analytics. */
const access: RouteAccess = { staff: 'adminAndAnalytics' };

/** Push messages to customers' phones (`/mobile/send-notification`), mounted at /api/staff. */
export const pushStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/push-notifications',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Push messages sent and scheduled, newest first, with delivery counts',
          querystring: pushNotificationsQuerySchema,
          response: { 200: pagedPushNotificationsSchema },
        },
      },
      async (request) => listStaffPushNotifications(deps, request.query, request.locale),
    );

    app.post(
      '/push-notifications/dry-run',
      {
        config: { access },
        schema: {
          tags,
          summary: 'How many customers and devices an audience reaches now; nothing is sent',
          body: pushAudienceBodySchema,
          response: { 200: pushDryRunSchema },
        },
      },
      async (request) => dryRunPushNotification(deps, request.body, request.t),
    );

    app.post(
      '/push-notifications',
      {
        config: { access },
        schema: {
          tags,
          summary:
            'Send a push message now or at a time; one per device, in its owner’s language (else English)',
          body: sendPushNotificationBodySchema,
          response: { 201: pushNotificationResponseSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createPushNotification(deps, userIdOf(request), request.body, request)),
    );
  };
