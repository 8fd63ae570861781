import { outboxListResponseSchema } from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { listOutbox } from '../mail/mail.repository';

/** The sandbox mailbox: lists the outbox so a person can click reset and verification links. Off in production. */
export const devMailboxRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dev/outbox',
      {
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
            status: row.status,
            created_at: row.createdAt.toISOString(),
          })),
        };
      },
    );
  };
