import { orderViewHeader } from '@esim/contracts';
import { auditLog, couponRedemptions, coupons, orders } from '@esim/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { signInAs } from '../../test/callers';
import {
  callApi,
  createSignedInUser,
  createTestContext,
  plainPackage,
  solveHumanProof,
  type TestContext,
  uniqueEmail,
  uniquePhone,
} from '../../test/harness';

// Issue 32: coupons for staff (admin only), applied by the server at checkout within their limits, released when
// the payment fails.
let ctx: TestContext;
let admin: Record<string, string>;
let pkg: { id: string; slug: string; priceCents: number; type: string };

beforeAll(async () => {
  ctx = await createTestContext();
  await ensureCatalogue(ctx.deps, ctx.app.log);
  admin = (await createSignedInUser(ctx, 'staff')).auth;
  pkg = await plainPackage(ctx);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

let codes = 0;
const newCode = () => `TEST-${Date.now().toString(36).toUpperCase()}-${++codes}`;
const today = () => new Date().toISOString().slice(0, 10);
const couponBody = (values: Record<string, unknown> = {}) => ({
  code: newCode(),
  kind: 'percent',
  percentOff: 10,
  amountOffCents: null,
  startsOn: today(),
  endsOn: '',
  maxRedemptions: '',
  maxPerCustomer: '',
  minOrderCents: 0,
  scopePackageSlug: '',
  scopePackageType: '',
  scopeCountry: '',
  ...values,
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = admin, lang = 'en') =>
  callApi(ctx, method, url, { payload, headers, lang });

const create = async (values: Record<string, unknown> = {}) => {
  const answer = await call('POST', '/api/staff/coupons', couponBody(values));
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().coupon as { id: string; code: string; version: string };
};

const order = async (couponCode: string, values: Record<string, unknown> = {}) =>
  call(
    'POST',
    '/api/orders',
    {
      packageSlug: pkg.slug,
      fullName: 'Besa Krasniqi',
      email: uniqueEmail('coupon'),
      phoneNumber: uniquePhone(),
      humanProof: await solveHumanProof(ctx.app),
      couponCode,
      ...values,
    },
    {},
  );
const couponRow = async (id: string) =>
  (await ctx.deps.db.select().from(coupons).where(eq(coupons.id, id)))[0];
const sessionOf = (checkoutUrl: string) => checkoutUrl.split('/').pop() ?? '';
const orderRow = async (id: string) => (await ctx.deps.db.select().from(orders).where(eq(orders.id, id)))[0];
const redemptionStatus = async (orderId: string) =>
  (await ctx.deps.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId)))[0]
    ?.status;
const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
const declined = { ...card, number: '4000 0000 0000 0002' };
const waitFor = async (probe: () => Promise<boolean>) => {
  for (let i = 0; i < 150 && !(await probe()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await probe()).toBe(true);
};

describe('staff coupons', () => {
  it('creates, lists, reads and edits a coupon, each change audited', async () => {
    const coupon = await create({ kind: 'fixed', percentOff: '', amountOffCents: 300, maxRedemptions: 5 });
    expect(coupon).toMatchObject({ kind: 'fixed', amountOffCents: 300, percentOff: null, maxRedemptions: 5 });
    const list = await call('GET', `/api/staff/coupons?q=${coupon.code}`);
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: coupon.id, redeemedCount: 0 }] });
    expect((await call('GET', `/api/staff/coupons/${coupon.id}`)).json().code).toBe(coupon.code);
    const edited = await call('PUT', `/api/staff/coupons/${coupon.id}`, {
      ...couponBody({ code: coupon.code.toLowerCase(), percentOff: 20, scopePackageSlug: pkg.slug }),
      version: coupon.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      coupon: { code: coupon.code, kind: 'percent', percentOff: 20, scopePackageSlug: pkg.slug },
      message: `Coupon ${coupon.code} saved.`,
    });
    // The version read before the edit is stale now.
    const stale = await call('PUT', `/api/staff/coupons/${coupon.id}`, {
      ...couponBody({ code: coupon.code }),
      version: coupon.version,
    });
    expect(stale.json().code).toBe('RECORD_CHANGED');
    const audit = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.entityId, coupon.id));
    expect(audit.map((row) => row.action).sort()).toEqual(['coupon.create', 'coupon.update']);
  });

  it('refuses an existing code, a percent over 100 and an end before the start, in words, changing nothing', async () => {
    const coupon = await create();
    const before = await ctx.deps.db.$count(coupons);
    const taken = await call('POST', '/api/staff/coupons', couponBody({ code: coupon.code.toLowerCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'COUPON_CODE_TAKEN',
      errors: { code: ['A coupon with this code already exists.'] },
    });
    const albanian = await call('POST', '/api/staff/coupons', couponBody({ code: coupon.code }), admin, 'sq');
    expect(albanian.json().errors.code).toEqual(['Ekziston tashmë një kupon me këtë kod.']);
    const percent = await call('POST', '/api/staff/coupons', couponBody({ percentOff: 101 }));
    expect(percent.statusCode).toBe(422);
    expect(percent.json().errors.percentOff).toHaveLength(1);
    const dates = await call(
      'POST',
      '/api/staff/coupons',
      couponBody({ startsOn: '2027-05-10', endsOn: '2027-05-01' }),
    );
    expect(dates.statusCode).toBe(422);
    expect(dates.json().errors.endsOn).toEqual(['The end date cannot be before the start date.']);
    const noAmount = await call('POST', '/api/staff/coupons', couponBody({ kind: 'fixed', percentOff: '' }));
    expect(noAmount.json().errors.amountOffCents).toHaveLength(1);
    const unknownPackage = await call(
      'POST',
      '/api/staff/coupons',
      couponBody({ scopePackageSlug: 'no-such' }),
    );
    expect(unknownPackage.json().errors.scopePackageSlug).toHaveLength(1);
    expect(await ctx.deps.db.$count(coupons)).toBe(before);
    // Renaming a coupon onto another's code is refused the same way.
    const other = await create();
    const renamed = await call('PUT', `/api/staff/coupons/${other.id}`, couponBody({ code: coupon.code }));
    expect(renamed.json().code).toBe('COUPON_CODE_TAKEN');
  });

  it('lets only admins in; editor, analytics, customer and shop are refused', async () => {
    const coupon = await create();
    const calls = [
      { method: 'GET' as const, url: '/api/staff/coupons' },
      { method: 'GET' as const, url: `/api/staff/coupons/${coupon.id}` },
      { method: 'POST' as const, url: '/api/staff/coupons', payload: couponBody() },
      { method: 'PUT' as const, url: `/api/staff/coupons/${coupon.id}`, payload: couponBody() },
    ];
    const others = await Promise.all(
      (['editor', 'analytics', 'customer', 'shop'] as const).map((kind) => signInAs(ctx, kind)),
    );
    for (const request of calls) {
      expect((await ctx.app.inject(request)).statusCode, request.url).toBe(401);
      for (const headers of others)
        expect((await ctx.app.inject({ ...request, headers })).statusCode, request.url).toBe(403);
    }
  });
});

describe('a coupon at checkout', () => {
  it('previews and applies the discount; paying captures the use, a failed payment gives it back', async () => {
    const coupon = await create({ percentOff: 25, maxRedemptions: 2 });
    const discount = Math.round(pkg.priceCents / 4);
    const preview = await call(
      'POST',
      '/api/coupons/preview',
      { code: coupon.code.toLowerCase(), packageSlug: pkg.slug },
      {},
    );
    expect(preview.json()).toEqual({
      priceCents: pkg.priceCents,
      discountCents: discount,
      totalCents: pkg.priceCents - discount,
    });
    const paid = await order(coupon.code.toLowerCase());
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await orderRow(paid.json().orderId)).toMatchObject({
      subtotalCents: pkg.priceCents,
      discountCents: discount,
      totalCents: pkg.priceCents - discount,
    });
    expect((await couponRow(coupon.id))?.redeemedCount).toBe(1);
    await ctx.deps.sandboxPayments?.submitCard(sessionOf(paid.json().checkoutUrl), card);
    const failed = (await order(coupon.code)).json();
    expect((await couponRow(coupon.id))?.redeemedCount).toBe(2);
    await ctx.deps.sandboxPayments?.submitCard(sessionOf(failed.checkoutUrl), declined);
    await waitFor(async () => (await redemptionStatus(paid.json().orderId)) === 'captured');
    expect(await redemptionStatus(failed.orderId)).toBe('released');
    expect((await couponRow(coupon.id))?.redeemedCount).toBe(1);
    // "Try again" takes the use back while the coupon allows it...
    const retry = () =>
      call('POST', `/api/orders/${failed.orderId}/retry-payment`, undefined, {
        [orderViewHeader]: failed.viewToken,
      });
    const again = await retry();
    expect(again.statusCode, again.body).toBe(200);
    expect(await redemptionStatus(failed.orderId)).toBe('held');
    expect((await couponRow(coupon.id))?.redeemedCount).toBe(2);
    // ...and is refused once someone else took the last use meanwhile.
    await ctx.deps.sandboxPayments?.submitCard(sessionOf(again.json().checkoutUrl), declined);
    expect(await redemptionStatus(failed.orderId)).toBe('released');
    expect((await order(coupon.code)).statusCode).toBe(201);
    const refused = await retry();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'COUPON_EXHAUSTED',
      message: 'This coupon has been used up.',
    });
    expect((await couponRow(coupon.id))?.redeemedCount).toBe(2);
  });

  it('refuses unknown, expired, out-of-scope, too small and used-up coupons in words, and makes no order', async () => {
    const email = uniqueEmail('refused');
    const refused = async (code: string, expected: string, values: Record<string, unknown> = {}) => {
      const answer = await order(code, { email, ...values });
      expect(answer.json().code, answer.body).toBe(expected);
      expect(answer.json().errors.couponCode).toHaveLength(1);
    };
    await refused('NO-SUCH-CODE', 'COUPON_UNKNOWN');
    await refused((await create({ startsOn: '2020-01-01', endsOn: '2020-01-31' })).code, 'COUPON_UNKNOWN');
    await refused(
      (await create({ scopeCountry: 'ZW', scopePackageType: 'local' })).code,
      'COUPON_NOT_APPLICABLE',
    );
    await refused((await create({ minOrderCents: pkg.priceCents + 1 })).code, 'COUPON_MIN_ORDER');
    const once = await create({ maxPerCustomer: 1 });
    const first = await order(once.code, { email: uniqueEmail('once') });
    expect(first.statusCode).toBe(201);
    await refused(once.code, 'COUPON_CUSTOMER_LIMIT', {
      email: (await orderRow(first.json().orderId))?.buyerEmail,
    });
    const single = await create({ maxRedemptions: 1 });
    expect((await order(single.code)).statusCode).toBe(201);
    await refused(single.code, 'COUPON_EXHAUSTED');
    const albanian = await call(
      'POST',
      '/api/coupons/preview',
      { code: 'NO-SUCH-CODE', packageSlug: pkg.slug },
      {},
      'sq',
    );
    expect(albanian.json().errors.couponCode).toEqual(['Ky kod kuponi nuk është i vlefshëm ose ka skaduar.']);
    expect(await ctx.deps.db.select().from(orders).where(eq(orders.buyerEmail, email))).toHaveLength(0);
  });

  it('redeems a coupon limited to 10 uses exactly 10 times under 50 checkouts at once', async () => {
    const coupon = await create({ maxRedemptions: 10 });
    const proofs = await Promise.all(Array.from({ length: 50 }, () => solveHumanProof(ctx.app)));
    const answers = await Promise.all(proofs.map((humanProof) => order(coupon.code, { humanProof })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    for (const refused of answers.filter((a) => a.statusCode !== 201))
      expect(refused.json().code, refused.body).toBe('COUPON_EXHAUSTED');
    expect((await couponRow(coupon.id))?.redeemedCount).toBe(10);
    expect(await ctx.deps.db.$count(couponRedemptions, eq(couponRedemptions.couponId, coupon.id))).toBe(10);
  }, 120_000);
});
