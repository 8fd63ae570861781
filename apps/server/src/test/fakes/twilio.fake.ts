import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeSms = { sid: string; to: string; from: string; body: string };

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    request.on('data', (chunk) => {
      data += chunk;
    });
    request.on('end', () => resolve(data));
    request.on('error', reject);
  });

/**
 * A local stand-in for Twilio's Messages API: checks the account path and Basic auth, validates the form like
 * the real API (To in E.164, Body present) and answers with Twilio's status codes and error shape.
 */
export const startFakeTwilio = async (accountSid: string, authToken: string) => {
  const messages: FakeSms[] = [];
  let failNext = 0;
  const server = createServer(async (request, response) => {
    const reply = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (request.method !== 'POST' || request.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`)
      return reply(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    if (request.headers.authorization !== expectedAuth)
      return reply(401, { code: 20003, message: 'Authenticate', status: 401 });
    if (failNext > 0) {
      failNext--;
      return reply(503, { code: 20503, message: 'Service unavailable', status: 503 });
    }
    const form = new URLSearchParams(await readBody(request));
    const to = form.get('To') ?? '';
    const body = form.get('Body') ?? '';
    if (!/^\+[1-9]\d{6,14}$/.test(to))
      return reply(400, {
        code: 21211,
        message: `The 'To' number ${to} is not a valid phone number.`,
        status: 400,
      });
    if (!body) return reply(400, { code: 21602, message: 'Message body is required.', status: 400 });
    const sms = {
      sid: `SM${messages.length.toString(16).padStart(32, '0')}`,
      to,
      from: form.get('From') ?? '',
      body,
    };
    messages.push(sms);
    return reply(201, { sid: sms.sid, status: 'queued', to, from: sms.from, body });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    messages,
    /** The next n requests answer 503. */
    failNext: (n: number) => {
      failNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
