import { esimPackages, seedCompletedEsimOrder, seedUser } from '@esim/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEsimAccessProvider } from '../../adapters/esim/esim-access';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { createTestContext, type TestContext, uniqueEmail, uniquePhone } from '../../test/harness';

// eSIM Access's webhooks parsed by the real adapter (no network needed to parse), delivered to our route.
let ctx: TestContext;
const secret = 'path-secret-for-tests-0001';

beforeAll(async () => {
  ctx = await createTestContext(
    { ESIM_WEBHOOK_SECRET: secret },
    {
      esimProvider: createEsimAccessProvider({
        baseUrl: 'http://127.0.0.1:9',
        accessCode: 'code',
        secretKey: 'secret',
        regionFor: () => null,
      }),
    },
  );
  // The catalogue comes from the sandbox list: parsing webhooks needs no wholesaler.
  await ensureCatalogue({ ...ctx.deps, esimProvider: createSandboxEsimProvider() }, ctx.app.log);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const deliver = (body: unknown, path = secret) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/esim-provider/webhooks/${path}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

describe('POST /api/esim-provider/webhooks/:secret', () => {
  it('applies a DATA_USAGE notice like the sync does, including the 60 % notice', async () => {
    const user = await seedUser(ctx.deps.db, { email: uniqueEmail('hook'), phone: uniquePhone() });
    const { esim, esimPackage } = await seedCompletedEsimOrder(ctx.deps.db, {
      userId: user.id,
      packageSlug: 'de-5gb-30d',
    });
    const usedBytes = Math.ceil((esimPackage.dataMb ?? 0) * 0.65) * 1024 * 1024;
    const response = await deliver({
      notifyType: 'DATA_USAGE',
      content: {
        esimTranNo: esim.providerRef,
        iccid: esim.iccid,
        orderUsage: usedBytes,
        totalVolume: 5 * 1024 ** 3,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await ctx.deps.db.select().from(esimPackages).where(eq(esimPackages.id, esimPackage.id));
    expect(row?.dataUsedMb).toBe(Math.ceil((esimPackage.dataMb ?? 0) * 0.65));
    expect(row?.alert60SentAt).not.toBeNull();
  });

  it('answers 404 to a wrong path secret and 400 to a body it cannot read', async () => {
    expect((await deliver({ notifyType: 'DATA_USAGE' }, 'wrong-secret-wrong-secret')).statusCode).toBe(404);
    expect((await deliver({ content: {} })).statusCode).toBe(400);
    expect((await deliver({ notifyType: 'DATA_USAGE', content: {} })).statusCode).toBe(400);
  });

  it('acknowledges notices it does not act on', async () => {
    expect((await deliver({ notifyType: 'CHECK_HEALTH', content: {} })).statusCode).toBe(200);
    const ready = await deliver({
      notifyType: 'ORDER_STATUS',
      content: { orderNo: 'B1', transactionId: 'not-one-of-ours', orderStatus: 'GOT_RESOURCE' },
    });
    expect(ready.statusCode).toBe(200);
  });
});
