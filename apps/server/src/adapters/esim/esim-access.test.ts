import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  defaultFakePackages,
  type FakeEsimAccessOptions,
  type FakePackage,
  startFakeEsimAccess,
} from '../../test/fakes/esim-access.fake';
import { createEsimAccessProvider, type EsimAccessOptions, signEsimAccessWebhook } from './esim-access';
import { EsimProviderError } from './port';

const gb = 1024 * 1024 * 1024;
const mb = 1024 * 1024;

const started: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

/** A fake eSIM Access and an adapter pointed at it. */
const setup = async (
  fakeOptions: FakeEsimAccessOptions = {},
  adapterOptions: Partial<EsimAccessOptions> = {},
) => {
  const fake = await startFakeEsimAccess(fakeOptions);
  started.push(fake);
  const provider = createEsimAccessProvider({
    baseUrl: fake.baseUrl,
    accessCode: fake.accessCode,
    secretKey: fake.secretKey,
    timeoutMs: 2_000,
    ...adapterOptions,
  });
  return { fake, provider };
};

/** Orders and polls until the fake allocates, as the fulfilment job will. */
const orderReady = async (provider: Awaited<ReturnType<typeof setup>>['provider'], transactionId: string) => {
  const order = await provider.orderProfile({ transactionId, packageCode: 'CKH002', wholesaleCents: 166 });
  for (let i = 0; i < 5; i++) {
    const result = await provider.queryOrder(order.providerOrderRef);
    if (result.status === 'ready') return { orderNo: order.providerOrderRef, profile: result.profile };
  }
  throw new Error('never allocated');
};

const caught = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof EsimProviderError) return error;
    throw error;
  }
  throw new Error('expected an EsimProviderError');
};

describe('eSIM Access adapter: request signing', () => {
  it('sends RT-AccessCode, a fresh RT-RequestID, RT-Timestamp and a lower-case hex HMAC-SHA256 RT-Signature', async () => {
    const { fake, provider } = await setup();
    const before = Date.now();
    await provider.listPackages();
    await provider.orderProfile({ transactionId: 'order-sig', packageCode: 'CKH002', wholesaleCents: 166 });

    expect(fake.requests.map((r) => r.endpoint)).toEqual(['package/list', 'esim/order']);
    for (const request of fake.requests) {
      const h = request.headers;
      expect(h['content-type']).toBe('application/json');
      expect(h['rt-accesscode']).toBe(fake.accessCode);
      expect(h['rt-requestid']).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(Number(h['rt-timestamp'])).toBeGreaterThanOrEqual(before);
      expect(Number(h['rt-timestamp'])).toBeLessThanOrEqual(Date.now());
      const expected = createHmac('sha256', fake.secretKey)
        .update(`${h['rt-timestamp']}${h['rt-requestid']}${fake.accessCode}${request.rawBody}`)
        .digest('hex');
      expect(h['rt-signature']).toBe(expected);
      expect(h['rt-signature']).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(fake.requests[0]?.headers['rt-requestid']).not.toBe(fake.requests[1]?.headers['rt-requestid']);
  });

  it('surfaces a rejected signature (wrong secret) as a non-retryable error with their code', async () => {
    const { provider } = await setup({}, { secretKey: 'not-the-secret' });
    const error = await caught(provider.listPackages());
    expect(error.retryable).toBe(false);
    expect(error.providerCode).toBe('401001');
  });

  it('rejects an unknown access code the same way', async () => {
    const { fake, provider } = await setup({}, { accessCode: 'someone-else' });
    const error = await caught(provider.listPackages());
    expect(error).toMatchObject({ retryable: false, providerCode: '401001' });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('eSIM Access adapter: package list', () => {
  const sixtyCountries = [
    ...'AL,AT,BA,BE,BG,CH,CY,CZ,DE,DK,EE,ES,FI,FR,GB,GR,HR,HU,IE,IS,IT,LT,LU,LV,MD,ME,MK,MT,NL,NO'.split(','),
    ...'PL,PT,RO,RS,SE,SI,SK,TR,UA,US,CA,MX,BR,AR,CL,CO,PE,JP,KR,CN,HK,TW,TH,VN,MY,SG,ID,PH,AU,NZ'.split(','),
  ];
  const extraPackages: FakePackage[] = [
    {
      packageCode: 'NA-3',
      name: 'North America 1GB 7Days',
      price: 57_000,
      volume: 1 * gb,
      duration: 7,
      durationUnit: 'DAY',
      location: 'MX,US,CA',
      dataType: 1,
      activeType: 2,
      supportTopUpType: 2,
      // Older answers: names only, no locationCode.
      locationNetworkList: [
        { locationName: 'United States', operatorList: [{ operatorName: 'T-Mobile', networkType: '5G' }] },
        { locationName: 'Canada', operatorList: [{ operatorName: 'Rogers Wireless', networkType: '4G' }] },
      ],
    },
    {
      packageCode: 'GL-120',
      name: 'Global 10GB 1Month',
      price: 250_000,
      volume: 10 * gb,
      duration: 1,
      durationUnit: 'MONTH',
      location: sixtyCountries.join(','),
      dataType: 1,
      activeType: 2,
      supportTopUpType: 1,
    },
    {
      packageCode: 'DAILY-DE',
      name: 'Germany 1GB/Day',
      price: 5_000,
      volume: 1 * gb,
      duration: 1,
      durationUnit: 'DAY',
      location: 'DE',
      dataType: 2,
    },
  ];

  it('maps units, scope, operators, network, top-up and activation', async () => {
    const { provider } = await setup(
      { packages: [...defaultFakePackages(), ...extraPackages] },
      { regionFor: (codes) => (codes.every((c) => ['DE', 'FR'].includes(c)) ? 'europe' : null) },
    );
    const list = await provider.listPackages();
    const byCode = new Map(list.map((p) => [p.code, p]));

    expect(byCode.get('CKH002')).toEqual({
      code: 'CKH002',
      name: 'Germany 3GB 30Days',
      scope: 'local',
      regionCode: null,
      coverage: [
        {
          country: 'DE',
          operators: [
            { name: 'Telekom', network: '5G' },
            { name: 'O2', network: '4G' },
          ],
        },
      ],
      dataMb: 3072,
      validityDays: 30,
      // 18,000 / 10,000 USD = 1.80 USD = 180 US cents; x 0.92 = 165.6 -> 166 euro cents.
      wholesaleCents: 166,
      topUpAllowed: true,
      activation: 'on_install',
    });

    const europe = byCode.get('CKH101');
    expect(europe).toMatchObject({
      scope: 'regional',
      regionCode: 'europe',
      dataMb: 5120,
      topUpAllowed: false,
      activation: 'on_first_use',
      wholesaleCents: 414,
    });
    expect(europe?.coverage).toEqual([
      { country: 'DE', operators: [{ name: 'Vodafone', network: '4G' }] },
      { country: 'FR', operators: [{ name: 'Orange', network: '5G' }] },
    ]);

    const northAmerica = byCode.get('NA-3');
    expect(northAmerica).toMatchObject({
      scope: 'regional',
      regionCode: null,
      dataMb: 1024,
      validityDays: 7,
    });
    expect(northAmerica?.coverage).toEqual([
      { country: 'MX', operators: [] },
      { country: 'US', operators: [{ name: 'T-Mobile', network: '5G' }] },
      { country: 'CA', operators: [{ name: 'Rogers Wireless', network: '4G' }] },
    ]);

    const global = byCode.get('GL-120');
    expect(global).toMatchObject({ scope: 'global', regionCode: null, validityDays: 30, dataMb: 10240 });
    expect(global?.coverage).toHaveLength(60);

    // Daily plans are priced per day and need a period on the order: not offered through this port.
    expect(byCode.has('DAILY-DE')).toBe(false);
  });

  it('converts with the configured USD to EUR rate', async () => {
    const { provider } = await setup({}, { usdToEurRate: 1 });
    const list = await provider.listPackages();
    expect(list.find((p) => p.code === 'CKH002')?.wholesaleCents).toBe(180);
  });
});

describe('eSIM Access adapter: ordering', () => {
  it('orders with our transactionId, answers allocating, then ready with an SGP.22 profile', async () => {
    const { fake, provider } = await setup({ readyAfterQueries: 1 });
    await provider.listPackages();
    const order = await provider.orderProfile({
      transactionId: 'order-42',
      packageCode: 'CKH002',
      wholesaleCents: 166,
    });
    expect(order.status).toBe('allocating');
    expect(fake.requests.at(-1)?.body).toEqual({
      transactionId: 'order-42',
      packageInfoList: [{ packageCode: 'CKH002', count: 1, price: 18_000 }],
    });

    expect(await provider.queryOrder(order.providerOrderRef)).toEqual({ status: 'allocating' });
    const ready = await provider.queryOrder(order.providerOrderRef);
    expect(ready.status).toBe('ready');
    if (ready.status !== 'ready') return;

    const esim = fake.state.esimOfOrder(order.providerOrderRef);
    expect(esim).toBeDefined();
    const { profile } = ready;
    expect(profile.activationCode).toMatch(/^LPA:1\$[^$]+\$[^$]+$/);
    expect(profile.activationCode).toBe(`LPA:1$${profile.smdpAddress}$${profile.matchingId}`);
    expect(profile.activationCode).toBe(esim?.ac);
    expect(profile.iccid).toBe(esim?.iccid);
    expect(profile.iccid).toMatch(/^89\d{18}$/);
    expect(profile.providerRef).toBe(esim?.esimTranNo);
    expect(profile.status).toBe('ready');
  });

  it('completes allocation after a delay when the fake is told to', async () => {
    const { provider } = await setup({ readyAfterMs: 60 });
    const order = await provider.orderProfile({
      transactionId: 'order-d',
      packageCode: 'CKH002',
      wholesaleCents: 1,
    });
    expect(await provider.queryOrder(order.providerOrderRef)).toEqual({ status: 'allocating' });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await provider.queryOrder(order.providerOrderRef)).status).toBe('ready');
  });

  it('sends no price when the package was not listed in this process (their price field is optional)', async () => {
    const { fake, provider } = await setup();
    await provider.orderProfile({ transactionId: 'order-np', packageCode: 'CKH002', wholesaleCents: 166 });
    expect(fake.requests.at(-1)?.body).toEqual({
      transactionId: 'order-np',
      packageInfoList: [{ packageCode: 'CKH002', count: 1 }],
    });
  });

  it('ordering the same transactionId twice returns the same order and allocates once', async () => {
    const { fake, provider } = await setup();
    const input = { transactionId: 'order-7', packageCode: 'CKH002', wholesaleCents: 166 };
    const first = await provider.orderProfile(input);
    const second = await provider.orderProfile(input);
    expect(second.providerOrderRef).toBe(first.providerOrderRef);
    const a = await orderReady(provider, 'order-7');
    const b = await orderReady(provider, 'order-7');
    expect(b.profile).toEqual(a.profile);
    expect(fake.state.orders.size).toBe(1);
    expect(fake.state.allocations).toBe(1);
  });

  it('reports an unknown package as a permanent error', async () => {
    const { provider } = await setup();
    const error = await caught(
      provider.orderProfile({ transactionId: 'order-x', packageCode: 'NOPE', wholesaleCents: 1 }),
    );
    expect(error).toMatchObject({ retryable: false, providerCode: '400001' });
  });
});

describe('eSIM Access adapter: after the sale', () => {
  it('tops up by esimTranNo, once per transactionId', async () => {
    const { fake, provider } = await setup();
    await provider.listPackages();
    const { profile } = await orderReady(provider, 'order-t');
    const topUp = {
      transactionId: 'topup-1',
      providerRef: profile.providerRef,
      packageCode: 'TOPUP_CKH002',
      wholesaleCents: 64,
    };
    await provider.topUp(topUp);
    await provider.topUp(topUp);
    expect(fake.requests.at(-1)?.body).toEqual({
      esimTranNo: profile.providerRef,
      packageCode: 'TOPUP_CKH002',
      transactionId: 'topup-1',
      amount: 7_000,
    });
    expect(fake.state.topUps.size).toBe(1);
    expect(fake.state.esims.get(profile.providerRef)?.totalVolume).toBe(4 * gb);
  });

  it('tops up by ICCID when given one', async () => {
    const { fake, provider } = await setup();
    const { profile } = await orderReady(provider, 'order-ti');
    await provider.topUp({
      transactionId: 'topup-i',
      providerRef: profile.iccid,
      packageCode: 'TOPUP_CKH002',
      wholesaleCents: 64,
    });
    expect(fake.requests.at(-1)?.body).toMatchObject({ iccid: profile.iccid });
    expect(fake.state.topUps.get('topup-i')?.esimTranNo).toBe(profile.providerRef);
  });

  it('reads usage in MB', async () => {
    const { fake, provider } = await setup();
    const { profile } = await orderReady(provider, 'order-u');
    fake.state.setUsage(profile.providerRef, 512 * mb + 1234, 3 * gb);
    const [usage] = await provider.getUsage([profile.providerRef]);
    expect(fake.requests.at(-1)?.body).toEqual({ esimTranNoList: [profile.providerRef] });
    expect(usage).toMatchObject({ providerRef: profile.providerRef, usedMb: 512, totalMb: 3072 });
    expect(usage?.updatedAt).toBeInstanceOf(Date);
    expect(Math.abs((usage?.updatedAt.getTime() ?? 0) - Date.now())).toBeLessThan(5_000);
    expect(await provider.getUsage([])).toEqual([]);
  });

  it('cancels an unused profile, but not an installed one', async () => {
    const { fake, provider } = await setup();
    const unused = await orderReady(provider, 'order-c1');
    await provider.cancel(unused.profile.providerRef);
    expect(fake.requests.at(-1)).toMatchObject({
      endpoint: 'esim/cancel',
      body: { esimTranNo: unused.profile.providerRef },
    });
    const after = await provider.queryOrder(unused.orderNo);
    expect(after.status === 'ready' && after.profile.status).toBe('cancelled');

    const installed = await orderReady(provider, 'order-c2');
    fake.state.install(installed.profile.providerRef);
    const error = await caught(provider.cancel(installed.profile.providerRef));
    expect(error).toMatchObject({ retryable: false, providerCode: '200002' });
  });

  it('revokes a profile, after which top-ups are refused', async () => {
    const { fake, provider } = await setup();
    const { orderNo, profile } = await orderReady(provider, 'order-r');
    fake.state.install(profile.providerRef);
    await provider.revoke(profile.providerRef);
    expect(fake.requests.at(-1)?.endpoint).toBe('esim/revoke');
    const after = await provider.queryOrder(orderNo);
    expect(after.status === 'ready' && after.profile.status).toBe('revoked');
    const error = await caught(
      provider.topUp({
        transactionId: 'topup-r',
        providerRef: profile.providerRef,
        packageCode: 'TOPUP_CKH002',
        wholesaleCents: 1,
      }),
    );
    expect(error.retryable).toBe(false);
  });
});

describe('eSIM Access adapter: failures', () => {
  it('treats HTTP 500 and 429 as retryable and 400 as permanent', async () => {
    const { fake, provider } = await setup();
    fake.failNext(500);
    expect(await caught(provider.listPackages())).toMatchObject({
      retryable: true,
      providerCode: 'HTTP_500',
    });
    fake.failNext(429);
    expect(await caught(provider.listPackages())).toMatchObject({ retryable: true });
    fake.failNext(400);
    expect(await caught(provider.listPackages())).toMatchObject({ retryable: false });
    // The fault was one-shot.
    expect((await provider.listPackages()).length).toBeGreaterThan(0);
  });

  it('gives up on a hanging request after timeoutMs with a retryable timeout', async () => {
    const { fake, provider } = await setup({}, { timeoutMs: 150 });
    fake.hangNext();
    const startedAt = Date.now();
    const error = await caught(
      provider.orderProfile({ transactionId: 'order-h', packageCode: 'CKH002', wholesaleCents: 1 }),
    );
    expect(error).toMatchObject({ retryable: true, providerCode: 'TIMEOUT' });
    expect(Date.now() - startedAt).toBeLessThan(1_500);
    // A retry with the same transactionId is safe.
    const retried = await provider.orderProfile({
      transactionId: 'order-h',
      packageCode: 'CKH002',
      wholesaleCents: 1,
    });
    expect(retried.status).toBe('allocating');
  });

  it('treats a refused connection as retryable', async () => {
    const fake = await startFakeEsimAccess();
    const { baseUrl, accessCode, secretKey } = fake;
    await fake.close();
    const provider = createEsimAccessProvider({ baseUrl, accessCode, secretKey, timeoutMs: 1_000 });
    expect(await caught(provider.listPackages())).toMatchObject({ retryable: true, providerCode: 'NETWORK' });
  });
});

/** A loopback endpoint that keeps each webhook as received (headers and raw bytes). */
const startReceiver = async () => {
  const received: { headers: IncomingHttpHeaders; rawBody: Buffer }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, rawBody: Buffer.concat(chunks) });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/esim`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  started.push(receiver);
  return receiver;
};

describe('eSIM Access adapter: webhooks', () => {
  const webhookSecret = 'whsec-test';

  it('parses signed ORDER_STATUS, DATA_USAGE and unknown notifications', async () => {
    const { fake, provider } = await setup({ webhookSecret }, { webhookSecret });
    const receiver = await startReceiver();

    await fake.sendWebhook(receiver.url, 'ORDER_STATUS', {
      orderNo: 'B23110718759768',
      transactionId: 'order-42',
      orderStatus: 'GOT_RESOURCE',
    });
    await fake.sendWebhook(receiver.url, 'DATA_USAGE', {
      orderNo: 'B23110718759768',
      transactionId: 'order-42',
      esimTranNo: '23110718759768',
      iccid: '89852000263318806140',
      totalVolume: 3 * gb,
      orderUsage: 2900 * mb,
      remain: 172 * mb,
    });
    await fake.sendWebhook(receiver.url, 'SMDP_EVENT', {
      iccid: '89852000263318806140',
      smdpStatus: 'ENABLED',
    });
    await fake.sendWebhook(receiver.url, 'ESIM_STATUS', { esimStatus: 'IN_USE' });

    const events = receiver.received.map((w) => provider.parseWebhook(w.headers, w.rawBody));
    expect(events).toEqual([
      { type: 'order_status', providerOrderRef: 'B23110718759768', transactionId: 'order-42', ready: true },
      {
        type: 'data_usage',
        providerRef: '23110718759768',
        iccid: '89852000263318806140',
        usedMb: 2900,
        totalMb: 3072,
      },
      { type: 'ignored', notifyType: 'SMDP_EVENT' },
      { type: 'ignored', notifyType: 'ESIM_STATUS' },
    ]);
  });

  it('reports an order that is not ready yet, and a missing transactionId as null', async () => {
    const { provider } = await setup();
    const raw = Buffer.from(
      JSON.stringify({ notifyType: 'ORDER_STATUS', content: { orderNo: 'B1', orderStatus: 'PENDING' } }),
    );
    expect(provider.parseWebhook({}, raw)).toEqual({
      type: 'order_status',
      providerOrderRef: 'B1',
      transactionId: null,
      ready: false,
    });
  });

  it('rejects a tampered body, a missing signature and a non-JSON body', async () => {
    const { fake, provider } = await setup({ webhookSecret }, { webhookSecret });
    const receiver = await startReceiver();
    await fake.sendWebhook(receiver.url, 'ORDER_STATUS', { orderNo: 'B1', orderStatus: 'GOT_RESOURCE' });
    const [webhook] = receiver.received;
    if (!webhook) throw new Error('no webhook received');

    const tampered = Buffer.from(webhook.rawBody.toString('utf8').replace('B1', 'B2'));
    expect(() => provider.parseWebhook(webhook.headers, tampered)).toThrow(EsimProviderError);
    const error = (() => {
      try {
        provider.parseWebhook(webhook.headers, tampered);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toMatchObject({ retryable: false, providerCode: 'BAD_SIGNATURE' });

    expect(() => provider.parseWebhook({}, webhook.rawBody)).toThrow(/bad signature/);
    expect(() => provider.parseWebhook({ 'x-webhook-signature': 'zz' }, webhook.rawBody)).toThrow(
      /bad signature/,
    );

    const notJson = Buffer.from('notifyType=ORDER_STATUS');
    expect(() =>
      provider.parseWebhook(
        { 'X-Webhook-Signature': signEsimAccessWebhook(webhookSecret, notJson) },
        notJson,
      ),
    ).toThrow(/not JSON/);
  });

  it('rejects a known notification without the fields it needs', async () => {
    const { provider } = await setup();
    const raw = (body: unknown) => Buffer.from(JSON.stringify(body));
    expect(() => provider.parseWebhook({}, raw({ notifyType: 'ORDER_STATUS', content: {} }))).toThrow(
      EsimProviderError,
    );
    expect(() =>
      provider.parseWebhook({}, raw({ notifyType: 'DATA_USAGE', content: { orderUsage: 1 } })),
    ).toThrow(EsimProviderError);
    expect(() => provider.parseWebhook({}, raw({ content: {} }))).toThrow(EsimProviderError);
  });
});
