import { outboxListResponseSchema } from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { getOutboxMessage, listOutbox } from '../mail/mail.repository';

/** The sandbox mailbox: lists the outbox so a person can click reset and verification links. Off in production. */
export const devMailboxRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dev/outbox',
      {
        config: { access: 'public' },
        schema: {
          tags: ['dev'],
          summary: 'Messages in the outbox, newest first',
          response: { 200: outboxListResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
        const rows = await listOutbox(deps.db, 100);
        return {
          items: rows.map((row) => ({
            id: row.id,
            channel: row.channel,
            to: row.to,
            subject: row.subject,
            text: row.text,
            html: row.html,
            attachments: row.attachments.map((file, index) => ({
              filename: file.filename,
              contentType: file.contentType,
              inline: Boolean(file.cid),
              url: `/api/dev/outbox/${row.id}/attachments/${index}`,
            })),
            status: row.status,
            created_at: row.createdAt.toISOString(),
          })),
        };
      },
    );

    app.get(
      '/dev/outbox/:id/attachments/:index',
      {
        config: { access: 'public' },
        schema: {
          tags: ['dev'],
          summary: 'Download one attachment of an outbox message',
          // guid, not uuid: a confirmation e-mail's id is an md5 of its order (fixed, so stored once), not RFC 9562.
          params: z.object({ id: z.guid(), index: z.coerce.number().int().min(0).max(50) }),
        },
      },
      async (request, reply) => {
        const row = await getOutboxMessage(deps.db, request.params.id);
        const file = row?.attachments[request.params.index];
        if (!file) throw new AppError('NOT_FOUND');
        const safeName = file.filename.replace(/[^\w.-]/g, '_');
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Disposition', `inline; filename="${safeName}"`)
          .header('Cache-Control', 'no-store')
          .send(Buffer.from(file.contentBase64, 'base64'));
      },
    );
  };
