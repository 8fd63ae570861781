import { describe, expect, it, vi } from 'vitest';
import { EsimProviderError } from './port';
import { createSandboxEsimProvider, isLuhnValid, luhnCheckDigit } from './sandbox';

describe('Luhn', () => {
  it('computes the check digit of known numbers', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3');
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('79927398710')).toBe(false);
  });
});

describe('sandbox eSIM provider', () => {
  it('allocates a 19-digit Luhn-valid ICCID starting 89 and an SGP.22 activation code', async () => {
    const provider = createSandboxEsimProvider({ allocationDelayMs: 0 });
    const result = await provider.orderProfile({
      transactionId: 'order-1',
      packageCode: 'SBX-DE-5GB-30D',
      wholesaleCents: 300,
    });
    expect(result.status).toBe('ready');
    if (result.status !== 'ready') return;
    const { iccid, activationCode, smdpAddress, matchingId } = result.profile;
    expect(iccid).toMatch(/^89\d{17}$/);
    expect(isLuhnValid(iccid)).toBe(true);
    expect(activationCode).toBe(`LPA:1$${smdpAddress}$${matchingId}`);
    expect(activationCode).toMatch(/^LPA:1\$[a-z0-9.-]+\$[A-Z0-9-]+$/);
  });

  it('is idempotent by transaction id and gives different orders different eSIMs', async () => {
    const provider = createSandboxEsimProvider({ allocationDelayMs: 0 });
    const a = provider.profileFor('order-a');
    expect(provider.profileFor('order-a')).toEqual(a);
    expect(provider.profileFor('order-b').iccid).not.toBe(a.iccid);
  });

  it('completes allocation after the delay', async () => {
    const provider = createSandboxEsimProvider({ allocationDelayMs: 50 });
    const result = await provider.orderProfile({
      transactionId: 'order-2',
      packageCode: 'X',
      wholesaleCents: 1,
    });
    expect(result.status).toBe('allocating');
    expect(await provider.queryOrder(result.providerOrderRef)).toEqual({ status: 'allocating' });
    await new Promise((resolve) => setTimeout(resolve, 60));
    const ready = await provider.queryOrder(result.providerOrderRef);
    expect(ready).toMatchObject({ status: 'ready', profile: provider.profileFor('order-2') });
  });

  it('fails on demand: a retryable error, a timeout, or an allocation that never finishes', async () => {
    const provider = createSandboxEsimProvider({ allocationDelayMs: 0, timeoutMs: 20 });
    const order = { transactionId: 'order-3', packageCode: 'X', wholesaleCents: 1 };
    provider.setFailureMode('error');
    await expect(provider.orderProfile(order)).rejects.toMatchObject({ retryable: true });
    provider.setFailureMode('timeout');
    await expect(provider.orderProfile(order)).rejects.toBeInstanceOf(EsimProviderError);
    provider.setFailureMode('slow');
    const slow = await provider.orderProfile(order);
    expect(await provider.queryOrder(slow.providerOrderRef)).toEqual({ status: 'allocating' });
    provider.setFailureMode('none');
    expect((await provider.queryOrder(slow.providerOrderRef)).status).toBe('ready');
  });

  it('reports usage a test sets, refuses top-ups on a revoked eSIM and unknown references', async () => {
    const provider = createSandboxEsimProvider({ allocationDelayMs: 0 });
    const { providerRef } = provider.profileFor('order-4');
    provider.setUsage(providerRef, 600, 1024);
    expect(await provider.getUsage([providerRef])).toEqual([
      expect.objectContaining({ providerRef, usedMb: 600, totalMb: 1024 }),
    ]);
    await provider.topUp({ transactionId: 'topup-1', providerRef, packageCode: 'X', wholesaleCents: 1 });
    expect(provider.hasTopUp('topup-1')).toBe(true);
    await provider.revoke(providerRef);
    await expect(
      provider.topUp({ transactionId: 'topup-2', providerRef, packageCode: 'X', wholesaleCents: 1 }),
    ).rejects.toMatchObject({ providerCode: 'ESIM_INACTIVE' });
    await expect(provider.cancel('SBXE-123')).rejects.toMatchObject({ providerCode: 'NOT_FOUND' });
    await expect(provider.queryOrder('nope')).rejects.toMatchObject({ retryable: false });
  });

  it('simulates a steady use of data over time from the first query', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T10:00:00Z') });
    try {
      const provider = createSandboxEsimProvider({ allocationDelayMs: 0, usageMbPerMinute: 10 });
      const { providerRef } = provider.profileFor('order-5');
      expect((await provider.getUsage([providerRef]))[0]?.usedMb).toBe(0);
      vi.setSystemTime(new Date('2026-11-21T10:30:00Z'));
      expect((await provider.getUsage([providerRef]))[0]?.usedMb).toBe(300);
    } finally {
      vi.useRealTimers();
    }
  });

  it('posts an ORDER_STATUS notice when the allocation completes, which it parses back', async () => {
    const posted: { url: string; body: string }[] = [];
    const provider = createSandboxEsimProvider({
      allocationDelayMs: 50,
      webhookUrl: 'http://shop.test/api/esim-provider/webhooks/secret',
      fetch: async (url, init) => {
        posted.push({ url: String(url), body: String(init?.body) });
        return new Response('{"received":true}');
      },
    });
    const placed = await provider.orderProfile({
      transactionId: 'order-9',
      packageCode: 'SBX-DE-5GB-30D',
      wholesaleCents: 300,
    });
    expect(placed.status).toBe('allocating');
    expect(posted).toHaveLength(0);
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.url).toBe('http://shop.test/api/esim-provider/webhooks/secret');
    expect(provider.parseWebhook({}, Buffer.from(posted[0]?.body ?? ''))).toEqual({
      type: 'order_status',
      providerOrderRef: placed.providerOrderRef,
      transactionId: 'order-9',
      ready: true,
    });
    expect((await provider.queryOrder(placed.providerOrderRef)).status).toBe('ready');
    expect(provider.parseWebhook({}, Buffer.from('{"notifyType":"CHECK_HEALTH"}'))).toEqual({
      type: 'ignored',
      notifyType: 'CHECK_HEALTH',
    });
    expect(() => provider.parseWebhook({}, Buffer.from('nope'))).toThrow(EsimProviderError);
  });
});
