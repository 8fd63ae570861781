import type { ForgotPasswordBody, MessageResponse } from '@esim/contracts';
import { createHumanProof } from '@esim/ui/human-proof';
import { api } from '../../../lib/api';

/** POST /api/auth/forgot-password: "Password reset link has been sent to your email!" or "Email doesn't exist!". */
export const requestPasswordReset = async (
  body: Omit<ForgotPasswordBody, 'humanProof'>,
): Promise<MessageResponse> => {
  const humanProof = await createHumanProof(api);
  return api.post<MessageResponse>('/auth/forgot-password', { ...body, humanProof });
};
