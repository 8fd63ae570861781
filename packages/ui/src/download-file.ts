/**
 * Files from the API (an invoice, an install sheet, a report PDF). The API client reads answers as text, so a
 * download uses fetch with the same headers; an expired access token is refreshed once through the client, as it
 * would do. Each app binds it to its client and its session (`createFileDownloads(api, clearSession)`).
 */
import { tokenMessages } from '@esim/contracts/errors';
import { type ApiClient, ApiError, apiBaseUrl, apiTimeoutMs } from './api-client';
import { saveFile } from './save-file';

/** `attachment; filename="Invoice-A1B2.pdf"` -> `Invoice-A1B2.pdf`. */
export const readFileName = (disposition: string | null, fallback: string) =>
  /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? fallback;

export type FileRequest = { path: string; method?: 'GET' | 'POST'; accept: string; fallbackName: string };

const toError = async (response: Response) => {
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  return new ApiError({
    status: response.status,
    code: body.code ?? 'HTTP_ERROR',
    message: body.message ?? 'Something went wrong',
  });
};

export const createFileDownloads = (api: ApiClient, clearSession: () => void) => {
  const send = (request: FileRequest) => {
    const token = api.getToken();
    return fetch(`${apiBaseUrl}${request.path}`, {
      method: request.method ?? 'GET',
      headers: {
        Accept: `${request.accept}, application/json`,
        'Accept-Language': api.getLanguage(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      signal: AbortSignal.timeout(apiTimeoutMs),
    });
  };

  /** The file's bytes and name; a refusal is an ApiError with the server's sentence. */
  const fetchFile = async (request: FileRequest): Promise<{ blob: Blob; fileName: string }> => {
    let response: Response;
    try {
      response = await send(request);
      if (response.status === 401) {
        const error = await toError(response.clone());
        if (error.message === tokenMessages.UNAUTHORIZED) {
          // As the client does (SPEC section 8): the stored token is removed, so the guard sends them to login.
          api.setToken(null);
          clearSession();
        }
        if (error.message !== tokenMessages.TOKEN_EXPIRED) throw error;
        await api.refresh();
        response = await send(request);
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Something went wrong' });
    }
    if (!response.ok) throw await toError(response);
    const fileName = readFileName(response.headers.get('content-disposition'), request.fallbackName);
    return { blob: await response.blob(), fileName };
  };

  /** Fetches a file from the API and saves it through the browser's usual download. */
  const downloadFile = async (request: FileRequest) => {
    const { blob, fileName } = await fetchFile(request);
    saveFile(blob, fileName);
  };

  return { fetchFile, downloadFile };
};
