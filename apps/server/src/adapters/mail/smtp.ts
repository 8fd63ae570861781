import nodemailer from 'nodemailer';
import type { MailTransport } from './port';

/** Real SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export const createSmtpMailTransport = (
  url: string,
  from: string,
  options: { ignoreTLS?: boolean } = {},
): MailTransport => {
  const parsed = new URL(url);
  const transporter = nodemailer.createTransport({
    host: parsed.hostname,
    port: Number(parsed.port) || (parsed.protocol === 'smtps:' ? 465 : 587),
    secure: parsed.protocol === 'smtps:',
    ...(parsed.username
      ? { auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } }
      : {}),
    // Every outside call has a timeout (STYLE.md).
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    ...(options.ignoreTLS ? { ignoreTLS: true } : {}),
  });
  return {
    name: 'smtp',
    deliver: async (message) => {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
          ...(a.cid ? { cid: a.cid } : {}),
        })),
      });
    },
  };
};
