import type { ContactMessageBody, MessageResponse } from '@esim/contracts';
import { createHumanProof } from '@esim/ui/human-proof';
import { api } from '../../../lib/api';

/** POST /api/contact with a fresh human proof: stored and forwarded to the support address. */
export const sendContactMessage = async (body: Omit<ContactMessageBody, 'humanProof'>) => {
  const humanProof = await createHumanProof(api);
  return api.post<MessageResponse>('/contact', { ...body, humanProof });
};
