import type { MessageResponse, PartnerApplicationBody } from '@esim/contracts';
import { createHumanProof } from '@esim/ui/human-proof';
import { api } from '../../../lib/api';

/** POST /api/partners with a fresh human proof: stored for staff, confirmed to the applicant by e-mail. */
export const applyAsPartner = async (body: Omit<PartnerApplicationBody, 'humanProof'>) => {
  const humanProof = await createHumanProof(api);
  return api.post<MessageResponse>('/partners', { ...body, humanProof });
};
