import {
  contactMessageBodySchema,
  messageResponseSchema,
  partnerApplicationBodySchema,
} from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { getGeneralOptions } from '../settings/settings.repository';
import { renderContactForward, renderPartnerConfirmation } from './contact.mails';
import { insertBusinessApplication, insertContactMessage } from './contact.repository';

const tags = ['public'];

/** Public forms: stored for staff first, then e-mailed through the outbox in the same transaction. */
export const contactRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/partners',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Become a partner: store the application and confirm it to the applicant',
          body: partnerApplicationBodySchema,
          response: { 201: messageResponseSchema },
        },
      },
      async (request, reply) => {
        const body = request.body;
        await deps.authRateLimits.consume(request, reply, 'partner', body.email);
        await deps.humanCheck.verify(body.humanProof);
        const t = deps.i18n.fixedT(request.locale, 'mail');
        await deps.db.transaction(async (tx) => {
          await insertBusinessApplication(tx, {
            fullName: body.fullName,
            companyName: body.companyName ?? null,
            country: body.country,
            email: body.email,
            phone: body.phoneNumber,
            title: body.title,
            message: body.message,
            businessType: body.businessType,
            locale: request.locale,
          });
          await deps.mailer.send(renderPartnerConfirmation(t, body), tx);
        });
        void deps.mailer
          .deliverPending()
          .catch((err) => request.log.error({ err }, 'outbox delivery failed'));
        return reply.status(201).send({ message: request.t('success.partnerApplication') });
      },
    );

    app.post(
      '/contact',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Contact form: store the message and forward it to the support address',
          body: contactMessageBodySchema,
          response: { 201: messageResponseSchema },
        },
      },
      async (request, reply) => {
        const body = request.body;
        await deps.authRateLimits.consume(request, reply, 'contact', body.email);
        await deps.humanCheck.verify(body.humanProof);
        const { supportEmail } = await getGeneralOptions(deps.db);
        await deps.db.transaction(async (tx) => {
          await insertContactMessage(tx, {
            fullName: body.fullName,
            email: body.email,
            title: body.title,
            message: body.message,
            locale: request.locale,
          });
          await deps.mailer.send(renderContactForward(supportEmail, body, request.locale), tx);
        });
        void deps.mailer
          .deliverPending()
          .catch((err) => request.log.error({ err }, 'outbox delivery failed'));
        return reply.status(201).send({ message: request.t('success.contactMessage') });
      },
    );
  };
