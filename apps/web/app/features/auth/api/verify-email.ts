import type { MessageResponse } from '@esim/contracts';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api';

/** POST /api/portal/auth/verify-email; 410 says "Token expired. Another verification email has been sent." */
export const verifyEmail = (token: string) =>
  api.post<MessageResponse>('/portal/auth/verify-email', { token });

export type EmailVerification =
  | { status: 'pending' }
  | { status: 'success'; message: string }
  | { status: 'error'; error: unknown };

/** The token is single use: one request per token for the page, whatever re-renders or StrictMode do. */
const requests = new Map<string, Promise<MessageResponse>>();

/**
 * Sends the link's token once the page is in the browser and answers its outcome. A plain hook rather than a
 * TanStack query: the page is public and its first load stays under the budget (DESIGN section 7).
 */
export const useVerifyEmail = (token: string): EmailVerification => {
  const [state, setState] = useState<EmailVerification>({ status: 'pending' });
  useEffect(() => {
    let current = true;
    let request = requests.get(token);
    if (!request) {
      request = verifyEmail(token);
      requests.set(token, request);
    }
    request.then(
      (answer) => current && setState({ status: 'success', message: answer.message }),
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
  }, [token]);
  return state;
};
