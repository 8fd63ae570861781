import type { ContactMessageBody, MessageResponse } from '@esim/contracts';
import { api } from '../../../lib/api';

/** POST /api/contact with a fresh human proof: stored and forwarded to the support address. */
export const sendContactMessage = async (body: Omit<ContactMessageBody, 'humanProof'>) => {
  // Loaded with the form's contract once the page was usable (form-contracts.ts).
  const { createHumanProof } = await import('../form-contracts');
  const humanProof = await createHumanProof(api);
  return api.post<MessageResponse>('/contact', { ...body, humanProof });
};
