/**
 * The one way both front ends talk to the API (SPEC sections 4, 7 and 8; DESIGN section 5).
 *
 * - base `/api`, 50,000 ms timeout
 * - `Authorization: Bearer <auth-token>` when a token is stored, `Accept-Language: <languagePreference>` (default sq;
 *   a front end whose page language can differ from the saved one passes `getLanguage`)
 * - 401 "token expired": POST /auth/refresh once (parallel requests share one refresh), then retry the request
 * - "Unauthorized", and "Token has expired and can no longer be refreshed" (401 or 500): the token is removed
 * - every other failure is thrown to the caller as an ApiError
 *
 * Framework-agnostic: fetch, storage and the clock are injectable so it runs in tests and during SSR.
 */
import type { TokenResponse } from '@esim/contracts';
import { tokenMessages } from '@esim/contracts/errors';
import { defaultLocale, isLocale, type Locale } from '@esim/contracts/locales';

export const apiBaseUrl = '/api';
export const apiTimeoutMs = 50_000;
export const tokenStorageKey = 'auth-token';
export const languageStorageKey = 'languagePreference';

export type ApiFieldErrors = Record<string, string[]>;

/** Thrown for every failed call: HTTP errors carry the server envelope; network problems have status 0. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: ApiFieldErrors | undefined;

  constructor(init: { status: number; code: string; message: string; errors?: ApiFieldErrors | undefined }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type ApiClientOptions = {
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Returns the storage to use, or undefined where there is none (server rendering). Default: localStorage. */
  getStorage?: () => KeyValueStorage | undefined;
  /** Called after a refresh stored a new token, so the session can take the fresh user. */
  onTokenRefreshed?: (response: TokenResponse) => void;
  /** Called after the client removed the stored token (Unauthorized, refresh window over). */
  onTokenRemoved?: (reason: 'unauthorized' | 'refresh-expired') => void;
  /** The language of the page making the call (default: the saved `languagePreference`, else sq). */
  getLanguage?: () => Locale;
};

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export type ApiClient = {
  request: <T>(path: string, options?: RequestOptions) => Promise<T>;
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => Promise<T>;
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => Promise<T>;
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => Promise<T>;
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => Promise<T>;
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => Promise<T>;
  /** Exchanges the stored token for a new one; concurrent callers share one call. */
  refresh: () => Promise<TokenResponse>;
  getToken: () => string | null;
  setToken: (token: string | null) => void;
  getLanguage: () => Locale;
};

const defaultGetStorage = (): KeyValueStorage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

type ErrorBody = { code?: unknown; message?: unknown; errors?: unknown };

const readBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
};

const toApiError = (status: number, body: unknown): ApiError => {
  const envelope: ErrorBody = body && typeof body === 'object' ? (body as ErrorBody) : {};
  return new ApiError({
    status,
    code: typeof envelope.code === 'string' ? envelope.code : status >= 500 ? 'INTERNAL' : 'HTTP_ERROR',
    message:
      typeof envelope.message === 'string'
        ? envelope.message
        : typeof body === 'string' && body
          ? body
          : 'Something went wrong',
    errors:
      envelope.errors && typeof envelope.errors === 'object'
        ? (envelope.errors as ApiFieldErrors)
        : undefined,
  });
};

const buildUrl = (baseUrl: string, path: string, query: RequestOptions['query']): string => {
  const url = `${baseUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) params.set(key, String(value));
  const search = params.toString();
  return search ? `${url}?${search}` : url;
};

export const createApiClient = (options: ApiClientOptions = {}): ApiClient => {
  const baseUrl = options.baseUrl ?? apiBaseUrl;
  const timeoutMs = options.timeoutMs ?? apiTimeoutMs;
  const getStorage = options.getStorage ?? defaultGetStorage;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  const getToken = () => getStorage()?.getItem(tokenStorageKey) ?? null;
  const setToken = (token: string | null) => {
    const storage = getStorage();
    if (!storage) return;
    if (token) storage.setItem(tokenStorageKey, token);
    else storage.removeItem(tokenStorageKey);
  };
  const getSavedLanguage = (): Locale => {
    const saved = getStorage()?.getItem(languageStorageKey);
    return isLocale(saved) ? saved : defaultLocale;
  };
  const getLanguage = options.getLanguage ?? getSavedLanguage;
  const removeToken = (reason: 'unauthorized' | 'refresh-expired') => {
    if (getToken() === null) return;
    setToken(null);
    options.onTokenRemoved?.(reason);
  };

  /** One HTTP exchange with timeout; returns the token it sent so a stale-token retry can be detected. */
  const send = async (
    path: string,
    init: RequestOptions,
  ): Promise<{ response: Response; body: unknown; token: string | null }> => {
    const token = getToken();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': getLanguage(),
      ...init.headers,
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (init.body instanceof FormData || typeof init.body === 'string' || init.body instanceof Blob)
      payload = init.body;
    else if (init.body !== undefined) {
      payload = JSON.stringify(init.body);
      headers['Content-Type'] = 'application/json';
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    init.signal?.addEventListener('abort', onCallerAbort, { once: true });
    try {
      const response = await doFetch(buildUrl(baseUrl, path, init.query), {
        method: init.method ?? 'GET',
        headers,
        body: payload,
        signal: controller.signal,
      });
      const body = await readBody(response);
      return { response, body, token };
    } catch (error) {
      if (timedOut) throw new ApiError({ status: 0, code: 'TIMEOUT', message: 'Something went wrong' });
      if (init.signal?.aborted) throw error;
      throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Something went wrong' });
    } finally {
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', onCallerAbort);
    }
  };

  /** Removes the token for the replies SPEC section 8 names; returns the error to throw. */
  const handleFailure = (status: number, body: unknown): ApiError => {
    const error = toApiError(status, body);
    if (error.message === tokenMessages.UNAUTHORIZED) removeToken('unauthorized');
    else if (error.message === tokenMessages.TOKEN_REFRESH_EXPIRED && (status === 401 || status === 500))
      removeToken('refresh-expired');
    return error;
  };

  let refreshing: Promise<TokenResponse> | null = null;

  const refresh = (): Promise<TokenResponse> => {
    if (!refreshing) {
      refreshing = (async () => {
        const { response, body } = await send('/auth/refresh', { method: 'POST' });
        if (!response.ok) throw handleFailure(response.status, body);
        const tokens = body as TokenResponse;
        setToken(tokens.access_token);
        options.onTokenRefreshed?.(tokens);
        return tokens;
      })().finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  };

  const isTokenExpired = (status: number, body: unknown) =>
    status === 401 && toApiError(status, body).message === tokenMessages.TOKEN_EXPIRED;

  const request = async <T>(path: string, init: RequestOptions = {}): Promise<T> => {
    const first = await send(path, init);
    if (first.response.ok) return first.body as T;
    if (!isTokenExpired(first.response.status, first.body) || first.token === null)
      throw handleFailure(first.response.status, first.body);

    // Another request may already have refreshed while this one was in flight: then only retry.
    if (refreshing) await refreshing;
    else if (getToken() === first.token) await refresh();
    else if (getToken() === null) throw handleFailure(first.response.status, first.body);

    const retry = await send(path, init);
    if (retry.response.ok) return retry.body as T;
    throw handleFailure(retry.response.status, retry.body);
  };

  return {
    request,
    get: (path, rest) => request(path, { ...rest, method: 'GET' }),
    post: (path, body, rest) => request(path, { ...rest, method: 'POST', body }),
    put: (path, body, rest) => request(path, { ...rest, method: 'PUT', body }),
    patch: (path, body, rest) => request(path, { ...rest, method: 'PATCH', body }),
    delete: (path, rest) => request(path, { ...rest, method: 'DELETE' }),
    refresh,
    getToken,
    setToken,
    getLanguage,
  };
};
