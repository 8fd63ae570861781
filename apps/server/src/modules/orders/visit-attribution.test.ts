import { orders, packages } from '@esim/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  solveHumanProof,
  type TestContext,
  uniqueEmail,
  uniquePhone,
} from '../../test/harness';

// Issue 33 (ADR 0067): an order keeps the attribution of the visit that placed it, last and first touch.
let ctx: TestContext;
let packageSlug = '';
beforeAll(async () => {
  ctx = await createTestContext();
  const [pkg] = await ctx.deps.db
    .insert(packages)
    .values({
      slug: 'visit-attribution-al-1gb',
      type: 'local',
      name: 'Albania 1 GB',
      validityDays: 7,
      priceCents: 500,
      wholesaleCents: 200,
      provider: 'sandbox',
      providerPackageCode: 'visit-attribution-al-1gb',
    })
    .returning();
  packageSlug = pkg?.slug ?? '';
});
afterAll(async () => {
  await ctx?.close();
});

const placeOrder = async (attribution: Record<string, unknown>) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      packageSlug,
      humanProof: await solveHumanProof(ctx.app),
      fullName: 'Drita Hoxha',
      email: uniqueEmail('visit'),
      phoneNumber: uniquePhone(),
      attribution,
    },
  });
  return response;
};

describe('POST /api/orders attribution', () => {
  it("stores the visit's last touch, its id and the first touch", async () => {
    const sessionId = '5d4f2c1e-8a47-4f65-9a53-0d6b3c9f1e20';
    const response = await placeOrder({
      utmSource: 'facebook',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
      fbclid: 'fb.1',
      landingPage: '/',
      sessionId,
      firstTouch: { referrerHost: 'Google.com', landingPage: '/faq' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await ctx.deps.db.select().from(orders).where(eq(orders.id, response.json().orderId));
    expect(row).toMatchObject({
      utmSource: 'facebook',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
      fbclid: 'fb.1',
      landingPage: '/',
      referrerHost: null,
      trafficSessionId: sessionId,
      firstUtmSource: null,
      firstReferrerHost: 'google.com',
      firstLandingPage: '/faq',
    });
  });

  it('refuses a malformed visit id or unknown touch field', async () => {
    for (const attribution of [{ sessionId: 'not-a-uuid' }, { firstTouch: { gclid: 'x' } }]) {
      const response = await placeOrder(attribution);
      expect(response.statusCode, JSON.stringify(attribution)).toBe(422);
    }
  });
});
