import {
  type Locale,
  loginBodySchema,
  logoMaxBytes,
  messageResponseSchema,
  portalRegisterBodySchema,
  tokenResponseSchema,
  verifyEmailBodySchema,
  withStorableText,
} from '@esim/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { getUserDetails } from '../auth/auth.repository';
import { authContext, login, startSession } from '../auth/auth.service';
import { shopMay } from '../auth/shop-lifecycle';
import { renderActionMail } from '../mail/templates';
import { createEmailVerification, type LogoFile, registerShop, verifyShopEmail } from './portal-auth.service';

const tags = ['portal'];

const readMultipart = async (request: FastifyRequest) => {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const fields: Record<string, string> = {};
  let logo: LogoFile | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: logoMaxBytes, files: 1, fields: 20, fieldSize: 10_000 },
    })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname !== 'logo') continue;
        if (part.file.truncated) throw new AppError('FILE_INVALID', { logo: ['errors.FILE_INVALID'] });
        if (buffer.length > 0) logo = { buffer, mimetype: part.mimetype };
      } else if (typeof part.value === 'string') {
        if (part.valueTruncated) throw new AppError('PAYLOAD_TOO_LARGE');
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // busboy reports a broken body (no boundary, cut short) without a code: that is bad input, not a crash.
    if (error instanceof AppError || (error as { code?: string }).code) throw error;
    throw new AppError('BAD_REQUEST');
  }
  return { fields, logo };
};

export const portalAuthRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = authContext(deps);

    const sendVerification = async (userId: string, email: string, name: string, locale: Locale) => {
      const token = await createEmailVerification(deps.db, userId);
      const link = `${deps.config.siteUrl}/portal/verify-email?token=${encodeURIComponent(token)}`;
      await deps.mailer.send(
        renderActionMail(deps.i18n.fixedT(locale, 'mail'), {
          to: email,
          name,
          link,
          template: 'verifyEmail',
        }),
      );
    };

    app.post(
      '/login',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Shop user login (verified shops only)',
          body: loginBodySchema,
          response: { 200: tokenResponseSchema },
        },
      },
      async (request, reply) => {
        const { email, password } = request.body;
        const user = await deps.authRateLimits.login(request, reply, 'login-shop', email, () =>
          login(ctx, 'shop', email, password),
        );
        const details = await getUserDetails(deps.db, user.id);
        if (!user.emailVerifiedAt || !shopMay(details?.shop, 'signIn')) {
          if (!user.emailVerifiedAt)
            await sendVerification(user.id, user.email, user.firstName, user.locale as Locale);
          throw new AppError(user.emailVerifiedAt ? 'ACCOUNT_BLOCKED' : 'EMAIL_NOT_VERIFIED');
        }
        return startSession(ctx, user.id);
      },
    );

    app.post(
      '/register',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Register a shop (multipart/form-data with the fields of PortalRegisterBody and an optional `logo` file)',
          consumes: ['multipart/form-data'],
          response: { 201: messageResponseSchema },
        },
      },
      async (request, reply) => {
        const { fields, logo } = await readMultipart(request);
        const parsed = withStorableText(portalRegisterBodySchema).safeParse(fields);
        if (!parsed.success) {
          const errors: Record<string, string[]> = {};
          for (const issue of parsed.error.issues) {
            const field = issue.path.join('.') || '_';
            errors[field] = [...(errors[field] ?? []), issue.message];
          }
          throw new AppError('VALIDATION_FAILED', errors);
        }
        await deps.authRateLimits.consume(request, reply, 'register', parsed.data.email);
        await deps.humanCheck.verify(parsed.data.humanProof);
        const { user, token } = await registerShop(
          deps.db,
          deps.config.uploadDir,
          parsed.data,
          logo,
          request.locale,
        );
        const link = `${deps.config.siteUrl}/portal/verify-email?token=${encodeURIComponent(token)}`;
        await deps.mailer.send(
          renderActionMail(deps.i18n.fixedT(request.locale, 'mail'), {
            to: user.email,
            name: user.firstName,
            link,
            template: 'verifyEmail',
          }),
        );
        return reply.status(201).send({ message: request.t('success.registeredShop') });
      },
    );

    app.post(
      '/verify-email',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Confirm a shop e-mail address',
          body: verifyEmailBodySchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        const result = await verifyShopEmail(deps.db, request.body.token);
        if (result.status === 'expired') {
          const { user } = result.details;
          await sendVerification(user.id, user.email, user.firstName, user.locale as Locale);
          throw new AppError('VERIFICATION_TOKEN_EXPIRED');
        }
        return { message: request.t('success.emailVerified') };
      },
    );
  };
