import {
  forgotPasswordBodySchema,
  loginBodySchema,
  messageResponseSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  tokenResponseSchema,
  userProfileResponseSchema,
} from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, authContext } from '../../deps';
import { AppError } from '../../lib/app-error';
import { renderActionMail } from '../mail/templates';
import { findLatestUnfinishedOrder } from '../orders/orders.repository';
import { authOf } from './auth.guard';
import { findActiveUserByEmail } from './auth.repository';
import {
  createPasswordReset,
  login,
  logout,
  refresh,
  registerCustomer,
  resetPassword,
  startSession,
  toUserDto,
} from './auth.service';
import { bearerToken } from './tokens';

const tags = ['auth'];

/** Session endpoints of SPEC section 7 (any kind of account) and the customer's login flows. */
export const authRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = authContext(deps);

    app.post(
      '/refresh',
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Exchange a (possibly expired) token for a new one',
          response: { 200: tokenResponseSchema },
        },
      },
      async (request) => refresh(ctx, bearerToken(request.headers.authorization)),
    );

    app.post(
      '/logout',
      {
        config: { access: 'session' },
        schema: { tags, summary: 'Revoke the current session', response: { 200: messageResponseSchema } },
      },
      async (request) => {
        await logout(ctx, bearerToken(request.headers.authorization));
        return { message: request.t('success.loggedOut') };
      },
    );

    app.get(
      '/user-profile',
      {
        config: { access: { kinds: ['customer', 'shop', 'staff'] } },
        schema: {
          tags,
          summary: 'The signed-in user and their current order',
          response: { 200: userProfileResponseSchema },
        },
      },
      async (request) => {
        const { details } = authOf(request);
        const order =
          details.user.kind === 'customer' ? await findLatestUnfinishedOrder(deps.db, details.user.id) : null;
        return { user: toUserDto(details), order };
      },
    );

    app.post(
      '/login',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Customer login',
          body: loginBodySchema,
          response: { 200: tokenResponseSchema },
        },
      },
      async (request, reply) => {
        const { email, password } = request.body;
        return deps.authRateLimits.login(request, reply, 'login-customer', email, async () =>
          startSession(ctx, (await login(ctx, 'customer', email, password)).id),
        );
      },
    );

    app.post(
      '/register',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Customer registration',
          body: registerBodySchema,
          response: { 201: tokenResponseSchema },
        },
      },
      async (request, reply) => {
        await deps.authRateLimits.consume(request, reply, 'register', request.body.email);
        await deps.humanCheck.verify(request.body.humanProof);
        const token = await registerCustomer(ctx, request.body, request.locale);
        return reply.status(201).send(token);
      },
    );

    app.post(
      '/forgot-password',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'E-mail a password reset link',
          body: forgotPasswordBodySchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request, reply) => {
        const { email, accountType, humanProof } = request.body;
        await deps.authRateLimits.consume(request, reply, 'forgot-password', email);
        await deps.humanCheck.verify(humanProof);
        // SPEC keeps "Email doesn't exist!"; rate limits and the challenge limit enumeration (DESIGN section 5).
        const user = await findActiveUserByEmail(deps.db, accountType, email);
        if (!user) throw new AppError('EMAIL_NOT_FOUND', { email: ['errors.EMAIL_NOT_FOUND'] });
        const token = await createPasswordReset(deps.db, user.id);
        const portal = accountType === 'shop' ? '&portal=1' : '';
        const link = `${deps.config.siteUrl}/reset-password?token=${encodeURIComponent(token)}${portal}`;
        const t = deps.i18n.fixedT(user.locale as typeof request.locale, 'mail');
        await deps.mailer.send(
          renderActionMail(t, { to: user.email, name: user.firstName, link, template: 'resetPassword' }),
        );
        return { message: request.t('success.forgotPassword') };
      },
    );

    app.post(
      '/reset-password',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Set a new password with a reset link',
          body: resetPasswordBodySchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await resetPassword(deps.db, request.body);
        return { message: request.t('success.passwordReset') };
      },
    );
  };
