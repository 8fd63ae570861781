import type { BuyGiftCardBody, BuyGiftCardResponse } from '@esim/contracts';
import { api } from '../../../lib/api';

/** POST /api/gift-cards with a fresh human proof: a pending purchase and its card page. */
export const buyGiftCard = async (body: Omit<BuyGiftCardBody, 'humanProof'>) => {
  // Loaded with the form's contract once the page was usable (form-contracts.ts).
  const { createHumanProof } = await import('../gift-card-contracts');
  const humanProof = await createHumanProof(api);
  return api.post<BuyGiftCardResponse>('/gift-cards', { ...body, humanProof });
};
