import type { MessageResponse, PortalRegisterBody } from '@esim/contracts';
import { createHumanProof } from '@esim/ui/human-proof';
import { api } from '../../../lib/api';

/** POST /api/portal/auth/register as multipart/form-data (fields + optional `logo` file). */
export const registerShop = async (
  body: Omit<PortalRegisterBody, 'humanProof'>,
  logo: File | null,
): Promise<MessageResponse> => {
  const humanProof = await createHumanProof(api);
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...body, humanProof })) form.set(key, String(value));
  if (logo) form.set('logo', logo);
  return api.post<MessageResponse>('/portal/auth/register', form);
};
