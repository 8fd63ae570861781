import {
  type AccountKind,
  changePasswordBodySchema,
  messageResponseSchema,
  type RouteAccess,
  updateProfileBodySchema,
  updateProfileResponseSchema,
  userSchema,
} from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { authOf } from '../auth/auth.guard';
import { authContext, changePassword, getProfile } from '../auth/auth.service';
import { updateProfile } from '../auth/email-change.service';

/**
 * Profile and password for one kind of account; mounted at /api/account (customer), /api/portal (shop) and
 * /api/staff (staff), each refusing the other kinds' tokens.
 */
export const accountRoutes =
  (deps: AppDeps, kind: AccountKind): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = authContext(deps);
    const tags = [kind === 'customer' ? 'account' : kind === 'shop' ? 'portal' : 'staff'];
    const access: RouteAccess = { kinds: [kind] };

    app.get(
      '/profile',
      {
        config: { access: access },
        schema: { tags, summary: 'Own profile', response: { 200: z.object({ user: userSchema }) } },
      },
      async (request) => ({ user: await getProfile(deps.db, authOf(request).details.user.id) }),
    );

    app.put(
      '/profile',
      {
        config: { access: access },
        schema: {
          tags,
          summary: 'Update own profile; a new e-mail needs the current password and a confirmation link',
          body: updateProfileBodySchema,
          response: { 200: updateProfileResponseSchema },
        },
      },
      async (request) => {
        const { user, pendingEmail } = await updateProfile(
          deps,
          authOf(request).details.user.id,
          kind,
          request.body,
        );
        const message = pendingEmail
          ? request.t('success.emailChangeRequested', { email: pendingEmail })
          : request.t('success.profileUpdated');
        return { user, message, pendingEmail };
      },
    );

    app.put(
      '/password',
      {
        config: { access: access },
        schema: {
          tags,
          summary: 'Change own password; ends every other session',
          body: changePasswordBodySchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        const { details, session } = authOf(request);
        await changePassword(ctx, details.user.id, session.id, request.body);
        return { message: request.t('success.passwordChanged') };
      },
    );
  };
