import { tokenMessages } from '@esim/contracts/errors';
import { ApiError, apiBaseUrl, apiTimeoutMs } from '@esim/ui/api-client';
import { saveFile } from '@esim/ui/save-file';
import { api } from '../../../lib/api';
import { clearSessionUser } from '../../../lib/session';

type Query = Record<string, string | number | undefined>;

const urlOf = (path: string, query: Query) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return `${apiBaseUrl}${path}${search ? `?${search}` : ''}`;
};

const request = (path: string, query: Query) => {
  const token = api.getToken();
  return fetch(urlOf(path, query), {
    headers: {
      Accept: 'application/pdf, text/csv, application/json',
      'Accept-Language': api.getLanguage(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    signal: AbortSignal.timeout(apiTimeoutMs),
  });
};

const toError = async (response: Response) => {
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  return new ApiError({
    status: response.status,
    code: body.code ?? 'HTTP_ERROR',
    message: body.message ?? 'Something went wrong',
  });
};

/**
 * A portal file (statement PDF or CSV, orders CSV, top-up receipt) through the browser's usual download. The API
 * client reads answers as text, so this uses fetch with the same headers and, like the client, refreshes an
 * expired token once and drops the session on "Unauthorized" (SPEC section 8).
 */
export const downloadPortalFile = async (path: string, query: Query, fallbackName: string) => {
  let response: Response;
  try {
    response = await request(path, query);
    if (response.status === 401) {
      const error = await toError(response.clone());
      if (error.message === tokenMessages.UNAUTHORIZED) {
        api.setToken(null);
        clearSessionUser();
      }
      if (error.message !== tokenMessages.TOKEN_EXPIRED) throw error;
      await api.refresh();
      response = await request(path, query);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Something went wrong' });
  }
  if (!response.ok) throw await toError(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallbackName;
  saveFile(await response.blob(), fileName);
};
