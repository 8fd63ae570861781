import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

// http_ece comes with web-push (it encrypts with it); it has no types of its own.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt: (
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: unknown; authSecret: string },
  ) => Buffer;
};

export type FakePush = { subscriptionId: string; ttl: number; payload: Record<string, unknown> };

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

/** The VAPID JWT's ES256 signature checked against the `k=` key the request carries (RFC 8292). */
const vapidValid = (authorization: string, audience: string) => {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match?.[1] || !match[2]) return false;
  const [header, claims, signature] = match[1].split('.');
  if (!header || !claims || !signature) return false;
  const raw = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; exp?: number };
  return ok && payload.aud === audience && (payload.exp ?? 0) > Date.now() / 1000;
};

/**
 * A local push service as browsers use (RFC 8030): it issues subscriptions (endpoint and the browser-side keys it
 * keeps, as a browser would), checks each push's VAPID signature, decrypts the aes128gcm payload with the
 * subscription's private key, and answers 201; 410 for a subscription marked gone.
 */
export const startFakePushService = async (host = '127.0.0.1') => {
  const received: FakePush[] = [];
  const subscriptions = new Map<
    string,
    { ecdh: ReturnType<typeof createECDH>; auth: string; gone: boolean }
  >();
  let failNext = 0;
  const server = createServer(async (request, response) => {
    const reply = (status: number, text = '') => {
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(text);
    };
    const body = await readBody(request);
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    const subscription = id ? subscriptions.get(id) : undefined;
    if (request.method !== 'POST' || !id || !subscription) return reply(404, 'no such subscription');
    if (subscription.gone) return reply(410, 'push subscription has unsubscribed or expired');
    if (!vapidValid(request.headers.authorization ?? '', origin))
      return reply(403, 'invalid VAPID authorization');
    if (request.headers['content-encoding'] !== 'aes128gcm') return reply(415, 'aes128gcm only');
    if (failNext > 0) {
      failNext--;
      return reply(503, 'try again later');
    }
    const plain = ece.decrypt(body, {
      version: 'aes128gcm',
      privateKey: subscription.ecdh,
      authSecret: subscription.auth,
    });
    received.push({
      subscriptionId: id,
      ttl: Number(request.headers.ttl ?? 0),
      payload: JSON.parse(plain.toString('utf8')) as Record<string, unknown>,
    });
    return reply(201);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;
  return {
    origin,
    received,
    /** A new subscription as `PushSubscription.toJSON()` gives it to the page. */
    subscribe: () => {
      const subscriptionId = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      subscriptions.set(subscriptionId, { ecdh, auth, gone: false });
      return {
        subscriptionId,
        endpoint: `${origin}/push/${subscriptionId}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
      };
    },
    /** The browser unsubscribed: pushes to it answer 410 Gone from now on. */
    unsubscribe: (subscriptionId: string) => {
      const subscription = subscriptions.get(subscriptionId);
      if (subscription) subscription.gone = true;
    },
    failNext: (n: number) => {
      failNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
