import { describe, expect, it } from 'vitest';
import { giftEndReasonOf, giftEsimAllows, giftEsimStateOf } from './gift-esim-lifecycle';

// ADR 0091: a gift eSIM's states and what its recipient and staff may still do.
const at = new Date();
const sent = {
  gift: { sentAt: at, claimedAt: null },
  orderStatus: 'completed' as const,
  esimStatus: 'ready' as const,
};

describe('gift eSIM lifecycle', () => {
  it('is pending until sent, sent until claimed, then claimed', () => {
    expect(giftEsimStateOf({ ...sent, gift: { sentAt: null, claimedAt: null } })).toBe('pending');
    expect(giftEsimStateOf(sent)).toBe('sent');
    expect(giftEsimStateOf({ ...sent, gift: { sentAt: at, claimedAt: at } })).toBe('claimed');
  });

  it('ends before a claim when refunded in full to the giver, or when its eSIM was cancelled or freed', () => {
    expect(giftEndReasonOf({ ...sent, orderStatus: 'refunded' })).toBe('refunded');
    expect(giftEndReasonOf({ ...sent, orderStatus: 'partially_refunded', esimStatus: 'cancelled' })).toBe(
      'cancelled',
    );
    expect(giftEndReasonOf({ ...sent, esimStatus: 'freed' })).toBe('freed');
    expect(giftEndReasonOf({ ...sent, orderStatus: 'partially_refunded' })).toBeNull();
    expect(giftEsimStateOf({ ...sent, esimStatus: 'cancelled' })).toBe('ended');
    // Once claimed it is the recipient's eSIM: the eSIM's own lifecycle speaks from then on.
    expect(giftEsimStateOf({ ...sent, gift: { sentAt: at, claimedAt: at }, orderStatus: 'refunded' })).toBe(
      'claimed',
    );
  });

  it('lets the recipient claim a sent gift (again harmlessly once claimed) and staff resend only a sent one', () => {
    expect(giftEsimAllows('sent', 'claim')).toBe(true);
    expect(giftEsimAllows('claimed', 'claim')).toBe(true);
    expect(giftEsimAllows('ended', 'claim')).toBe(false);
    expect(giftEsimAllows('sent', 'resend')).toBe(true);
    for (const state of ['pending', 'claimed', 'ended'] as const)
      expect(giftEsimAllows(state, 'resend')).toBe(false);
  });
});
