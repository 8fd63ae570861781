import type { FastifyReply } from 'fastify';

/**
 * Sends a file download (invoice PDF, CSV export): never cached by shared caches, named `fileName` with only
 * letters, digits, dot, dash and underscore kept (no header injection, no path).
 */
export const sendDownload = (
  reply: FastifyReply,
  file: { contentType: string; fileName: string },
  body: Buffer | NodeJS.ReadableStream,
) =>
  reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('Cache-Control', 'private, no-store')
    .send(body);
