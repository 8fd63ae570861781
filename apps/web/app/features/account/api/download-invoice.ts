import { tokenMessages } from '@esim/contracts/errors';
import { ApiError, apiBaseUrl, apiTimeoutMs } from '@esim/ui/api-client';
import { saveFile } from '@esim/ui/save-file';
import { api } from '../../../lib/api';
import { clearSessionUser } from '../../../lib/session';

/** `attachment; filename="Invoice-A1B2.pdf"` -> `Invoice-A1B2.pdf`. */
export const readFileName = (disposition: string | null, fallback: string) =>
  /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? fallback;

const requestInvoice = (orderId: string) => {
  const token = api.getToken();
  return fetch(`${apiBaseUrl}/account/orders/${encodeURIComponent(orderId)}/invoice`, {
    headers: {
      Accept: 'application/pdf, application/json',
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
 * GET /api/account/orders/:orderId/invoice (a PDF). The API client reads answers as text, so this one call uses
 * fetch with the same headers; an expired access token is refreshed once through the client, as it would do.
 */
export const getInvoice = async (orderId: string): Promise<{ blob: Blob; fileName: string }> => {
  let response: Response;
  try {
    response = await requestInvoice(orderId);
    if (response.status === 401) {
      const error = await toError(response.clone());
      if (error.message === tokenMessages.UNAUTHORIZED) {
        // As the client does (SPEC section 8): the stored token is removed, so the guard sends them to login.
        api.setToken(null);
        clearSessionUser();
      }
      if (error.message !== tokenMessages.TOKEN_EXPIRED) throw error;
      await api.refresh();
      response = await requestInvoice(orderId);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Something went wrong' });
  }
  if (!response.ok) throw await toError(response);
  const fileName = readFileName(response.headers.get('content-disposition'), `invoice-${orderId}.pdf`);
  return { blob: await response.blob(), fileName };
};

/** Saves the invoice PDF through the browser's usual download. */
export const downloadInvoice = async (orderId: string) => {
  const { blob, fileName } = await getInvoice(orderId);
  saveFile(blob, fileName);
};
