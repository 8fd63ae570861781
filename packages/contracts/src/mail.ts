import { apiSchemas, z } from './zod';

export const outboxChannels = ['email', 'sms', 'push'] as const;

export const outboxMessageSchema = z
  .object({
    id: z.string(),
    channel: z.enum(outboxChannels),
    to: z.string(),
    subject: z.string().nullable(),
    text: z.string(),
    html: z.string().nullable(),
    /** Files sent with the e-mail (the invoice PDF, the inline QR code), each downloadable from `url`. */
    attachments: z.array(
      z.object({ filename: z.string(), contentType: z.string(), inline: z.boolean(), url: z.string() }),
    ),
    status: z.string(),
    created_at: z.string(),
  })
  .register(apiSchemas, { id: 'OutboxMessage' });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxListResponseSchema = z.object({ items: z.array(outboxMessageSchema) });
