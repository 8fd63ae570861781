import type { OrderReceipt } from '@esim/contracts';
import { describe, expect, it } from 'vitest';
import { nextReceiptAsk } from './get-order-receipt';

const receipt = (changes: Partial<OrderReceipt> = {}): OrderReceipt => ({
  orderId: 'o1',
  number: 'ES-1',
  kind: 'esim',
  status: 'paid',
  fulfilmentStatus: 'paid',
  packageName: 'Germany 1 GB',
  totalCents: 450,
  currency: 'EUR',
  email: 'buyer@example.com',
  esim: null,
  refunds: [],
  ...changes,
});

describe('asking again for the receipt of a paid order', () => {
  it('sends the held request straight after the first answer, then pauses between answers', () => {
    // The first answer is not held; the held one returns when the order finishes, so waiting first only delays.
    expect(nextReceiptAsk(receipt(), 1)).toBe(1);
    expect(nextReceiptAsk(receipt(), 2)).toBe(500);
    expect(nextReceiptAsk(receipt(), 39)).toBe(500);
    expect(nextReceiptAsk(receipt(), 40)).toBe(3_000);
  });

  it('stops once the eSIM is there or fulfilment has stopped', () => {
    const esim = {
      iccid: '8937',
      activationCode: 'LPA:1$smdp.example$abc',
      smdpAddress: 'smdp.example',
      matchingId: 'abc',
      qrCodeDataUrl: 'data:image/png;base64,',
      iosInstallLink: 'https://esimsetup.apple.com/',
    };
    expect(nextReceiptAsk(undefined, 0)).toBe(false);
    expect(nextReceiptAsk(receipt({ status: 'completed', fulfilmentStatus: 'completed', esim }), 1)).toBe(
      false,
    );
    expect(nextReceiptAsk(receipt({ status: 'failed', fulfilmentStatus: 'failed' }), 1)).toBe(false);
    // A top-up brings no eSIM: it is pending until its order is completed.
    expect(nextReceiptAsk(receipt({ kind: 'topup' }), 1)).toBe(1);
    expect(
      nextReceiptAsk(receipt({ kind: 'topup', status: 'completed', fulfilmentStatus: 'completed' }), 1),
    ).toBe(false);
  });

  it('keeps waiting for the eSIM of an order refunded in part while it is being carried out (ADR 0090)', () => {
    expect(nextReceiptAsk(receipt({ status: 'partially_refunded' }), 1)).toBe(1);
    expect(nextReceiptAsk(receipt({ status: 'refunded', fulfilmentStatus: 'cancelled' }), 1)).toBe(false);
  });
});
