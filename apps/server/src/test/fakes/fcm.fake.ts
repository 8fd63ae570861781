import { createVerify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeFcmMessage = { token: string; title: string; body: string; data: Record<string, string> };

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
 * A local stand-in for Google's OAuth token endpoint and FCM HTTP v1: checks the service account's RS256
 * assertion against its public key, hands out bearer tokens, and answers messages:send like FCM (UNREGISTERED
 * with 404 for a token marked dead, INVALID_ARGUMENT for a message without a token).
 */
export const startFakeFcm = async (projectId: string, clientEmail: string, publicKey: string) => {
  const messages: FakeFcmMessage[] = [];
  const issued = new Set<string>();
  const unregistered = new Set<string>();
  let tokenRequests = 0;
  let failNext = 0;
  const server = createServer(async (request, response) => {
    const reply = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const fcmError = (status: number, code: string, errorCode?: string) =>
      reply(status, {
        error: {
          code: status,
          message: errorCode ?? code,
          status: code,
          details: errorCode
            ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }]
            : [],
        },
      });
    const body = await readBody(request);
    if (request.method === 'POST' && request.url === '/token') {
      tokenRequests++;
      const form = new URLSearchParams(body);
      const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
      const valid =
        form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
        header &&
        claims &&
        signature &&
        createVerify('RSA-SHA256')
          .update(`${header}.${claims}`)
          .verify(publicKey, Buffer.from(signature, 'base64url'));
      const payload = valid
        ? (JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>)
        : {};
      if (
        !valid ||
        payload.iss !== clientEmail ||
        payload.scope !== 'https://www.googleapis.com/auth/firebase.messaging'
      )
        return reply(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      const token = `ya29.fake-${issued.size}`;
      issued.add(token);
      return reply(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }
    if (request.method !== 'POST' || request.url !== `/v1/projects/${projectId}/messages:send`)
      return fcmError(404, 'NOT_FOUND');
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !issued.has(bearer)) return fcmError(401, 'UNAUTHENTICATED');
    if (failNext > 0) {
      failNext--;
      return fcmError(503, 'UNAVAILABLE');
    }
    const { message } = JSON.parse(body || '{}') as {
      message?: {
        token?: string;
        notification?: { title?: string; body?: string };
        data?: Record<string, string>;
      };
    };
    if (!message?.token) return fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT');
    if (unregistered.has(message.token)) return fcmError(404, 'NOT_FOUND', 'UNREGISTERED');
    messages.push({
      token: message.token,
      title: message.notification?.title ?? '',
      body: message.notification?.body ?? '',
      data: message.data ?? {},
    });
    return reply(200, { name: `projects/${projectId}/messages/${messages.length}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    apiUrl: baseUrl,
    tokenUrl: `${baseUrl}/token`,
    messages,
    tokenRequests: () => tokenRequests,
    /** The app was uninstalled: FCM answers UNREGISTERED for this token from now on. */
    unregister: (token: string) => unregistered.add(token),
    /** The next n sends answer 503. */
    failNext: (n: number) => {
      failNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
