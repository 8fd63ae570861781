import type { ClaimGiftEsimResponse } from '@esim/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/account/gift-esims/claim: the signed-in customer claims a gift eSIM with the e-mail's token. */
export const useClaimGift = () =>
  useMutation({
    mutationFn: (token: string) => api.post<ClaimGiftEsimResponse>('/account/gift-esims/claim', { token }),
  });
