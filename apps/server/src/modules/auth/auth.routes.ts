import {
  emailChangeResponseSchema,
  emailChangeTokenBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  messageResponseSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  type SessionOrder,
  tokenResponseSchema,
  userProfileResponseSchema,
} from '@esim/contracts';
import type { ServerI18n } from '@esim/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { AuthRateLimits } from '../../lib/auth-rate-limit';
import type { HumanCheck } from '../human-check/human-check.service';
import type { Mailer } from '../mail/mail.service';
import { authOf } from './auth.guard';
import { findUserByEmailAnyState } from './auth.repository';
import {
  type AuthDeps,
  authContext,
  login,
  logout,
  refresh,
  registerCustomer,
  resetPassword,
  sendPasswordReset,
  startSession,
  toUserDto,
} from './auth.service';
import { closedAccountRefusal } from './customer-lifecycle';
import { cancelEmailChange, confirmEmailChange } from './email-change.service';
import { bearerToken } from './tokens';

const tags = ['auth'];

/** Session endpoints of SPEC section 7 (any kind of account) and the customer's login flows. */
export const authRoutes =
  (
    deps: AuthDeps & {
      config: Pick<Config, 'siteUrl'>;
      authRateLimits: AuthRateLimits;
      humanCheck: HumanCheck;
      mailer: Mailer;
      i18n: ServerI18n;
    },
    options: {
      /** The customer's current order for the profile (the orders module answers; app.ts passes it in). */
      currentOrderOf: (userId: string) => Promise<SessionOrder | null>;
    },
  ): FastifyPluginAsyncZod =>
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
        const order = details.user.kind === 'customer' ? await options.currentOrderOf(details.user.id) : null;
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
        const user = await findUserByEmailAnyState(deps.db, accountType, email);
        // A deleted or blocked account says so, as every other door does (ADR 0092); no link it could not use.
        const closed =
          user && accountType === 'customer' ? closedAccountRefusal(user, 'forgotPassword') : null;
        if (closed) throw new AppError(closed, { email: [`errors.${closed}`] });
        if (!user || user.deletedAt)
          throw new AppError('EMAIL_NOT_FOUND', { email: ['errors.EMAIL_NOT_FOUND'] });
        await sendPasswordReset(deps, user);
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

    app.post(
      '/confirm-email-change',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Confirm a new e-mail address with the link sent to it (any kind of account)',
          body: emailChangeTokenBodySchema,
          response: { 200: emailChangeResponseSchema },
        },
      },
      async (request) => {
        const { kind, email } = await confirmEmailChange(deps.db, request.body.token);
        return { message: request.t('success.emailChanged', { email }), kind };
      },
    );

    app.post(
      '/cancel-email-change',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Report an e-mail change from the old address: cancel or undo it and end every session',
          body: emailChangeTokenBodySchema,
          response: { 200: emailChangeResponseSchema },
        },
      },
      async (request) => {
        const { kind } = await cancelEmailChange(deps.db, request.body.token);
        return { message: request.t('success.emailChangeCancelled'), kind };
      },
    );
  };
