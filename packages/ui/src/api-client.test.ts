import type { TokenResponse } from '@esim/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type KeyValueStorage } from './api-client';

const createMemoryStorage = (
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Map<string, string> } => {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const tokenResponse = (token: string): TokenResponse => ({
  access_token: token,
  token_type: 'Bearer',
  expires_in: 900,
  user: {
    id: 'u1',
    kind: 'customer',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    phone: null,
    country: null,
    locale: 'en',
    alert_channel: 'email',
    role_id: null,
    role: null,
    shop: null,
  },
});

type Call = { url: string; method: string; headers: Record<string, string> };

/** A fake API: protected paths accept only the "fresh" token; refresh swaps "old" for "fresh". */
const createFakeApi = (options: { refreshDelayMs?: number; refreshReply?: () => Response } = {}) => {
  const calls: Call[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const url = String(input);
    calls.push({ url, method: init?.method ?? 'GET', headers });
    if (url === '/api/auth/refresh') {
      if (options.refreshDelayMs) await new Promise((resolve) => setTimeout(resolve, options.refreshDelayMs));
      return options.refreshReply?.() ?? json(200, tokenResponse('fresh'));
    }
    if (headers.Authorization === 'Bearer fresh') return json(200, { url });
    return json(401, { code: 'TOKEN_EXPIRED', message: 'token expired' });
  });
  return { calls, fetchFn };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('createApiClient', () => {
  it('sends the bearer token and the saved language, defaulting Accept-Language to sq', async () => {
    const fetchFn = vi.fn(async () => json(200, { ok: true }));
    const storage = createMemoryStorage({ 'auth-token': 'abc' });
    const client = createApiClient({ fetch: fetchFn, getStorage: () => storage });

    await client.get('/auth/user-profile');
    const first = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(first[0]).toBe('/api/auth/user-profile');
    expect(first[1].headers).toMatchObject({ Authorization: 'Bearer abc', 'Accept-Language': 'sq' });

    storage.setItem('languagePreference', 'sa');
    await client.get('/health');
    const second = fetchFn.mock.calls[1] as unknown as [string, RequestInit];
    expect(second[1].headers).toMatchObject({ 'Accept-Language': 'sa' });

    storage.setItem('languagePreference', 'xx');
    await client.get('/health');
    const third = fetchFn.mock.calls[2] as unknown as [string, RequestInit];
    expect(third[1].headers).toMatchObject({ 'Accept-Language': 'sq' });
  });

  it("sends the page's language when the front end says which it is (a detected language is not saved)", async () => {
    const fetchFn = vi.fn(async () => json(200, { ok: true }));
    let pageLanguage: 'de' | 'en' = 'de';
    const storage = createMemoryStorage({ languagePreference: 'sq' });
    const client = createApiClient({
      fetch: fetchFn,
      getStorage: () => storage,
      getLanguage: () => pageLanguage,
    });
    await client.get('/health');
    pageLanguage = 'en';
    await client.get('/health');
    const sent = (fetchFn.mock.calls as unknown as [string, RequestInit][]).map(([, init]) => init.headers);
    expect(sent).toMatchObject([{ 'Accept-Language': 'de' }, { 'Accept-Language': 'en' }]);
  });

  it('sends no Authorization header without a token and JSON-encodes bodies', async () => {
    const fetchFn = vi.fn(async () => json(200, {}));
    const client = createApiClient({ fetch: fetchFn, getStorage: () => createMemoryStorage() });
    await client.post('/auth/login', { email: 'a@b.c', password: 'x' });
    const [, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('Authorization');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"email":"a@b.c","password":"x"}');
  });

  it('refreshes once on "token expired" and retries the original request with the new token', async () => {
    const { calls, fetchFn } = createFakeApi();
    const storage = createMemoryStorage({ 'auth-token': 'old' });
    const onTokenRefreshed = vi.fn();
    const client = createApiClient({ fetch: fetchFn, getStorage: () => storage, onTokenRefreshed });

    await expect(client.get('/account/profile')).resolves.toEqual({ url: '/api/account/profile' });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/account/profile',
      '/api/auth/refresh',
      '/api/account/profile',
    ]);
    expect(calls[1]?.headers.Authorization).toBe('Bearer old');
    expect(calls[2]?.headers.Authorization).toBe('Bearer fresh');
    expect(storage.getItem('auth-token')).toBe('fresh');
    expect(onTokenRefreshed).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between parallel requests', async () => {
    const { calls, fetchFn } = createFakeApi({ refreshDelayMs: 20 });
    const storage = createMemoryStorage({ 'auth-token': 'old' });
    const client = createApiClient({ fetch: fetchFn, getStorage: () => storage });

    const results = await Promise.all([
      client.get('/a'),
      client.get('/b'),
      client.get('/c'),
      client.get('/d'),
    ]);
    expect(results).toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }, { url: '/api/d' }]);
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
    expect(calls.filter((c) => c.headers.Authorization === 'Bearer fresh')).toHaveLength(4);
  });

  it('retries without a second refresh when the token was already replaced while the request was in flight', async () => {
    const { calls, fetchFn } = createFakeApi();
    const storage = createMemoryStorage({ 'auth-token': 'old' });
    const client = createApiClient({ fetch: fetchFn, getStorage: () => storage });
    await client.get('/a');
    // A request goes out with the old token; another tab/request stores a new one before its reply arrives.
    storage.setItem('auth-token', 'old');
    fetchFn.mockImplementationOnce(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({
        url: String(input),
        method: 'GET',
        headers: (init?.headers ?? {}) as Record<string, string>,
      });
      storage.setItem('auth-token', 'fresh');
      return json(401, { code: 'TOKEN_EXPIRED', message: 'token expired' });
    });
    await expect(client.get('/b')).resolves.toEqual({ url: '/api/b' });
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('does not refresh twice when the retried request is refused again', async () => {
    const fetchFn = vi.fn(async (input: RequestInfo | URL) =>
      String(input) === '/api/auth/refresh'
        ? json(200, tokenResponse('fresh'))
        : json(401, { code: 'TOKEN_EXPIRED', message: 'token expired' }),
    );
    const storage = createMemoryStorage({ 'auth-token': 'old' });
    const client = createApiClient({ fetch: fetchFn, getStorage: () => storage });
    await expect(client.get('/a')).rejects.toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
    expect(fetchFn).toHaveBeenCalledTimes(3);
  });

  it('removes the token when the refresh window is over (401) and throws to every waiting request', async () => {
    const { fetchFn } = createFakeApi({
      refreshReply: () =>
        json(401, {
          code: 'TOKEN_REFRESH_EXPIRED',
          message: 'Token has expired and can no longer be refreshed',
        }),
    });
    const storage = createMemoryStorage({ 'auth-token': 'old' });
    const onTokenRemoved = vi.fn();
    const client = createApiClient({ fetch: fetchFn, getStorage: () => storage, onTokenRemoved });

    const results = await Promise.allSettled([client.get('/a'), client.get('/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'TOKEN_REFRESH_EXPIRED' });
    expect(storage.getItem('auth-token')).toBeNull();
    expect(onTokenRemoved).toHaveBeenCalledWith('refresh-expired');
  });

  it('removes the token on "Token has expired and can no longer be refreshed" with status 500', async () => {
    const fetchFn = vi.fn(async () =>
      json(500, { message: 'Token has expired and can no longer be refreshed' }),
    );
    const storage = createMemoryStorage({ 'auth-token': 'old' });
    const client = createApiClient({ fetch: fetchFn, getStorage: () => storage });
    await expect(client.get('/a')).rejects.toBeInstanceOf(ApiError);
    expect(storage.getItem('auth-token')).toBeNull();
  });

  it('removes the token on "Unauthorized"', async () => {
    const fetchFn = vi.fn(async () => json(401, { code: 'UNAUTHORIZED', message: 'Unauthorized' }));
    const storage = createMemoryStorage({ 'auth-token': 'revoked', languagePreference: 'de' });
    const onTokenRemoved = vi.fn();
    const client = createApiClient({ fetch: fetchFn, getStorage: () => storage, onTokenRemoved });
    await expect(client.get('/auth/user-profile')).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
    expect(storage.getItem('auth-token')).toBeNull();
    expect(storage.getItem('languagePreference')).toBe('de');
    expect(onTokenRemoved).toHaveBeenCalledWith('unauthorized');
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('keeps the token and passes other errors to the caller as ApiError with the field errors', async () => {
    const fetchFn = vi.fn(async () =>
      json(422, {
        code: 'VALIDATION_FAILED',
        message: 'Please check',
        errors: { email: ['E-mail is required'] },
      }),
    );
    const storage = createMemoryStorage({ 'auth-token': 'abc' });
    const client = createApiClient({ fetch: fetchFn, getStorage: () => storage });
    const error = await client.post('/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'Please check',
      errors: { email: ['E-mail is required'] },
    });
    expect(storage.getItem('auth-token')).toBe('abc');
  });

  it('aborts after the timeout (50,000 ms by default) with a TIMEOUT ApiError', async () => {
    vi.useFakeTimers();
    const fetchFn = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const client = createApiClient({ fetch: fetchFn, getStorage: () => createMemoryStorage() });
    const pending = client.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(49_999);
    expect(fetchFn.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ status: 0, code: 'TIMEOUT' });
  });

  it('works without storage (server rendering): no token, default language', async () => {
    const fetchFn = vi.fn(async () => json(200, { ok: true }));
    const client = createApiClient({ fetch: fetchFn, getStorage: () => undefined });
    await client.get('/settings/public');
    const [, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'Accept-Language': 'sq' });
    expect(init.headers).not.toHaveProperty('Authorization');
  });
});
