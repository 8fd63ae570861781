import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailTransport } from './smtp';

type Received = { from: string; to: string[]; raw: string; user?: string };

/** A real SMTP server on loopback (no TLS, optional auth) that keeps every message it receives. */
const startSmtpServer = async () => {
  const received: Received[] = [];
  const logins: { username: string; password: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** A loopback port that nothing listens on. */
const closedPort = async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
};

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

describe('SMTP mail transport', () => {
  it('delivers subject, text, HTML and an attachment to a real SMTP server', async () => {
    const transport = createSmtpMailTransport(
      `smtp://127.0.0.1:${smtp.port}`,
      'eSIM Marketplace <no-reply@esim.example>',
      { ignoreTLS: true },
    );
    expect(transport.name).toBe('smtp');
    await transport.deliver({
      to: 'arta@example.test',
      subject: 'Your eSIM QR code',
      text: 'Scan the attached QR code to install your eSIM.',
      html: '<p>Scan the attached <b>QR code</b>.</p>',
      attachments: [
        { filename: 'esim-qr.png', contentType: 'image/png', contentBase64: png.toString('base64') },
      ],
    });

    const message = smtp.received.find((m) => m.to.includes('arta@example.test'));
    expect(message).toBeDefined();
    expect(message?.from).toBe('no-reply@esim.example');
    const raw = message?.raw ?? '';
    expect(raw).toMatch(/^Subject: Your eSIM QR code\r?$/m);
    expect(raw).toMatch(/^From: eSIM Marketplace <no-reply@esim.example>\r?$/m);
    expect(raw).toMatch(/^To: arta@example.test\r?$/m);
    expect(raw).toContain('Scan the attached QR code to install your eSIM.');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain('filename=esim-qr.png');
    expect(raw).toContain('Content-Type: image/png');
    expect(raw.replace(/\r?\n/g, '')).toContain(png.toString('base64'));
  });

  it('logs in with the credentials from SMTP_URL (URL-decoded)', async () => {
    const transport = createSmtpMailTransport(
      `smtp://mailer%40esim.example:p%40ss%3Aword@127.0.0.1:${smtp.port}`,
      'no-reply@esim.example',
      { ignoreTLS: true },
    );
    await transport.deliver({ to: 'auth@example.test', subject: 'Hello', text: 'With login' });
    expect(smtp.logins).toContainEqual({ username: 'mailer@esim.example', password: 'p@ss:word' });
    expect(smtp.received.find((m) => m.to.includes('auth@example.test'))?.user).toBe('mailer@esim.example');
  });

  it('throws when nothing listens on the port, so the outbox retries later', async () => {
    const transport = createSmtpMailTransport(
      `smtp://127.0.0.1:${await closedPort()}`,
      'no-reply@esim.example',
      {
        ignoreTLS: true,
      },
    );
    await expect(
      transport.deliver({ to: 'nobody@example.test', subject: 'Lost', text: 'x' }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});
