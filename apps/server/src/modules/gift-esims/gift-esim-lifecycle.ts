import type { OrderStatus } from '@esim/contracts';
import { type EsimStatus, isEsimLive } from '@esim/contracts/esim-lifecycle';
import type { GiftDeliveryState } from '@esim/contracts/staff';

// A gift eSIM's lifecycle (ADR 0091): paid and on its way (`pending`), sent to its recipient with a claim link
// (`sent`), claimed into an account (`claimed`: from then on it is that account's eSIM and follows the eSIM's
// lifecycle), or `ended` before the claim: its order refunded in full to the giver, or its eSIM freed or
// cancelled. The staff list's SQL (`gift-esims.repository.ts`, `deliveryState`) reads the same rule.

/** Why a gift ended before its claim: its price went back to the giver, or its profile was cancelled or freed. */
export type GiftEndReason = 'refunded' | 'cancelled' | 'freed';

type GiftFacts = {
  gift: { sentAt: Date | null; claimedAt: Date | null };
  orderStatus: OrderStatus;
  /** The gift's eSIM; null until fulfilment stored it. */
  esimStatus: EsimStatus | null;
};

export const giftEndReasonOf = ({ gift, orderStatus, esimStatus }: GiftFacts): GiftEndReason | null => {
  if (gift.claimedAt) return null;
  if (orderStatus === 'refunded') return 'refunded';
  if (esimStatus === null || isEsimLive(esimStatus)) return null;
  // A gift is replaced only after a claim (a change of eSIM needs an owner): cancelled or freed here.
  return esimStatus === 'freed' ? 'freed' : 'cancelled';
};

export const giftEsimStateOf = (facts: GiftFacts): GiftDeliveryState => {
  if (facts.gift.claimedAt) return 'claimed';
  if (giftEndReasonOf(facts)) return 'ended';
  return facts.gift.sentAt ? 'sent' : 'pending';
};

/**
 * What may be done with a gift now: its recipient claims a sent gift (the same account again changes nothing);
 * staff resend only a sent gift (a new link to an eSIM that still works).
 */
export const giftEsimAllows = (state: GiftDeliveryState, action: 'claim' | 'resend') =>
  action === 'claim' ? state === 'sent' || state === 'claimed' : state === 'sent';
