import { createSign } from 'node:crypto';
import { InvalidPushTargetError, type PushTransport } from './port';

export type FcmOptions = {
  projectId: string;
  /** The service account's `client_email` and `private_key` (PEM), from its JSON key file. */
  clientEmail: string;
  privateKey: string;
  /** Google's endpoints; tests point them at the local fake. */
  apiUrl?: string;
  tokenUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

const scope = 'https://www.googleapis.com/auth/firebase.messaging';
const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The service account's signed assertion (RFC 7523) that Google's token endpoint exchanges for an access token. */
const signAssertion = (options: FcmOptions, tokenUrl: string, now: number) => {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({ iss: options.clientEmail, scope, aud: tokenUrl, iat: now, exp: now + 3600 }),
  );
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(options.privateKey);
  return `${header}.${claims}.${base64url(signature)}`;
};

type FcmErrorBody = {
  error?: {
    code?: number;
    status?: string;
    message?: string;
    details?: { '@type'?: string; errorCode?: string }[];
  };
};

/**
 * FCM HTTP v1: an OAuth 2.0 access token from the service account (kept until a minute before it expires), then
 * POST /v1/projects/{project}/messages:send per device. `UNREGISTERED` means the app was uninstalled or the token
 * rotated: the device is removed. Anything else is retried by the outbox job.
 */
export const createFcmPushTransport = (options: FcmOptions): PushTransport => {
  const send = options.fetch ?? fetch;
  const apiUrl = (options.apiUrl ?? 'https://fcm.googleapis.com').replace(/\/$/, '');
  const tokenUrl = options.tokenUrl ?? 'https://oauth2.googleapis.com/token';
  const timeout = () => AbortSignal.timeout(options.timeoutMs ?? 10_000);
  let cached: { token: string; until: number } | null = null;

  const accessToken = async () => {
    if (cached && cached.until > Date.now()) return cached.token;
    const response = await send(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: signAssertion(options, tokenUrl, Math.floor(Date.now() / 1000)),
      }).toString(),
      signal: timeout(),
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
    };
    if (!response.ok || !body.access_token)
      throw new Error(`fcm token endpoint answered ${response.status}: ${body.error ?? ''}`);
    cached = { token: body.access_token, until: Date.now() + ((body.expires_in ?? 3600) - 60) * 1000 };
    return cached.token;
  };

  return {
    name: 'fcm',
    deliver: async (target, message) => {
      if (target.kind !== 'fcm') throw new Error('fcm transport: not an FCM token');
      const response = await send(`${apiUrl}/v1/projects/${options.projectId}/messages:send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          message: {
            token: target.token,
            notification: { title: message.title, body: message.body },
            data: { url: message.url },
          },
        }),
        signal: timeout(),
      });
      if (response.ok) return;
      const body = (await response.json().catch(() => ({}))) as FcmErrorBody;
      const errorCode = body.error?.details?.find((d) => d.errorCode)?.errorCode;
      // A token the server refused (expired, revoked): the next attempt signs in again.
      if (response.status === 401) cached = null;
      if (errorCode === 'UNREGISTERED') throw new InvalidPushTargetError('UNREGISTERED');
      throw new Error(
        `fcm answered ${response.status}${errorCode ? ` (${errorCode})` : ''}: ${body.error?.message ?? ''}`,
      );
    },
  };
};
