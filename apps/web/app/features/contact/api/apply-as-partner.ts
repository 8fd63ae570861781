import type { MessageResponse, PartnerApplicationBody } from '@esim/contracts';
import { api } from '../../../lib/api';

/** POST /api/partners with a fresh human proof: stored for staff, confirmed to the applicant by e-mail. */
export const applyAsPartner = async (body: Omit<PartnerApplicationBody, 'humanProof'>) => {
  // Loaded with the form's contract once the page was usable (form-contracts.ts).
  const { createHumanProof } = await import('../form-contracts');
  const humanProof = await createHumanProof(api);
  return api.post<MessageResponse>('/partners', { ...body, humanProof });
};
