import type { Paged, TokenKind } from '@esim/contracts';
import type {
  CatalogueDiff,
  HighlightOrder,
  StaffPackage,
  StaffPackageDetail,
  WholesalePackageItem,
} from '@esim/contracts/staff';
import { packages, seedCompletedEsimOrder, seedUser, settings } from '@esim/db';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WholesalePackage } from '../../adapters/esim/port';
import { ensureCatalogue, runScheduledCatalogueSync } from '../../jobs/catalogue-sync';
import { signInAs } from '../../test/callers';
import { createTestContext, type TestContext } from '../../test/harness';

// Issue 32: the packages group of the staff dashboard (admin and analytics), its guard rails and audit, and
// that each change reaches the public catalogue and the portal's price list at once.
let ctx: TestContext;
let admin: Record<string, string>;
let analytics: Record<string, string>;
let listPackages: () => Promise<WholesalePackage[]>;

beforeAll(async () => {
  ctx = await createTestContext();
  await ensureCatalogue(ctx.deps, ctx.app.log);
  listPackages = ctx.deps.esimProvider.listPackages;
  [admin, analytics] = await Promise.all([signInAs(ctx, 'admin'), signInAs(ctx, 'analytics')]);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers = analytics, locale = 'en') =>
  ctx.app.inject({
    method,
    url,
    headers: { 'accept-language': locale, ...headers },
    ...(payload ? { payload } : {}),
  });
const ok = async <T>(method: Method, url: string, payload?: object, headers = analytics) => {
  const response = await call(method, url, payload, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};
const publicPackage = (slug: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/catalogue/packages/${slug}`,
    headers: { 'accept-language': 'en' },
  });

/** A local package of the catalogue, not touched by another test (each test takes its own). */
let taken = 0;
const aPackage = async (query = 'type=local&state=active') => {
  const page = await ok<Paged<StaffPackage>>(
    'GET',
    `/api/staff/packages?${query}&pageSize=100&sort=-wholesaleCents`,
  );
  const pkg = page.items[taken++];
  if (!pkg) throw new Error('no package left');
  return pkg;
};
const editBody = (pkg: StaffPackage, changes: Record<string, unknown> = {}) => ({
  version: pkg.version,
  priceCents: pkg.priceCents,
  offerPriceCents: pkg.offerPriceCents,
  offerStartsAt: pkg.offerStartsAt,
  offerEndsAt: pkg.offerEndsAt,
  popular: pkg.popular,
  active: pkg.active,
  displayNames: pkg.displayNames,
  ...changes,
});

describe('who may use the packages endpoints', () => {
  it.each([
    ['admin', 200],
    ['analytics', 200],
    ['editor', 403],
    ['customer', 403],
    ['shop', 403],
    ['none', 401],
  ] as [TokenKind, number][])(
    '%s gets %i on the list, the wholesale list and the sync diff',
    async (kind, status) => {
      const headers = kind === 'admin' ? admin : kind === 'analytics' ? analytics : await signInAs(ctx, kind);
      for (const url of ['/api/staff/packages', '/api/staff/packages/wholesale', '/api/staff/packages/sync'])
        expect((await call('GET', url, undefined, headers)).statusCode, url).toBe(status);
      const pkg = await aPackage();
      const edit = await call('PATCH', `/api/staff/packages/${pkg.id}`, editBody(pkg), headers);
      expect(edit.statusCode).toBe(status);
    },
  );
});

describe('the list', () => {
  it('answers every column, filters by type, state and reseller listing, and sorts both ways', async () => {
    const page = await ok<Paged<StaffPackage>>('GET', '/api/staff/packages?type=regional&sort=priceCents');
    expect(page.total).toBeGreaterThan(0);
    const first = page.items[0] as StaffPackage;
    expect(first).toMatchObject({
      type: 'regional',
      provider: expect.any(String),
      topUpAllowed: expect.any(Boolean),
    });
    expect(first.marginCents).toBe(first.priceCents - first.wholesaleCents);
    const prices = page.items.map((p) => p.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const down = await ok<Paged<StaffPackage>>('GET', '/api/staff/packages?type=regional&sort=-priceCents');
    expect(down.items[0]?.priceCents).toBe(Math.max(...down.items.map((p) => p.priceCents)));
    const listed = await ok<Paged<StaffPackage>>('GET', '/api/staff/packages?reseller=listed&pageSize=200');
    expect(listed.items.every((p) => p.resellerPriceCents !== null)).toBe(true);
    expect((await call('GET', '/api/staff/packages?sort=margin')).statusCode).toBe(422);
    expect((await call('GET', '/api/staff/packages?pageSize=500')).statusCode).toBe(422);
  });
});

describe('editing a package', () => {
  it('a new price is on the public package page at once, and in the history with who made it', async () => {
    const pkg = await aPackage();
    const priceCents = pkg.priceCents + 200;
    const saved = await ok<{ package: StaffPackage; message: string }>(
      'PATCH',
      `/api/staff/packages/${pkg.id}`,
      editBody(pkg, { priceCents, displayNames: { sq: 'Paketa e udhëtarit', en: '' } }),
    );
    expect(saved.message).toBe('The package is saved; the site shows it within seconds.');
    expect(saved.package).toMatchObject({ priceCents, displayNames: { sq: 'Paketa e udhëtarit' } });
    expect((await publicPackage(pkg.slug)).json().priceCents).toBe(priceCents);
    const sq = await ctx.app.inject({
      method: 'GET',
      url: `/api/catalogue/packages/${pkg.slug}`,
      headers: { 'accept-language': 'sq' },
    });
    expect(sq.json().name).toBe('Paketa e udhëtarit');

    const detail = await ok<StaffPackageDetail>('GET', `/api/staff/packages/${pkg.id}`);
    expect(detail.history[0]).toMatchObject({
      action: 'package.update',
      before: { priceCents: pkg.priceCents },
      after: { priceCents },
    });
    // The same version again is stale now.
    const stale = await call('PATCH', `/api/staff/packages/${pkg.id}`, editBody(pkg));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('RECORD_CHANGED');
  });

  it('refuses a price below cost plus the minimum margin unless confirmed, in the caller’s language', async () => {
    const pkg = await aPackage();
    const low = { priceCents: pkg.wholesaleCents + 1 };
    const refused = await call('PATCH', `/api/staff/packages/${pkg.id}`, editBody(pkg, low), analytics, 'sq');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'PRICE_BELOW_MARGIN',
      message:
        'Ky çmim është nën koston e shumicës plus marzhin minimal prej 10 %. Konfirmoni për ta ruajtur gjithsesi.',
      errors: { priceCents: [expect.stringContaining('10 %')] },
    });
    expect((await publicPackage(pkg.slug)).json().priceCents).toBe(pkg.priceCents);
    const confirmed = await ok<{ package: StaffPackage }>(
      'PATCH',
      `/api/staff/packages/${pkg.id}`,
      editBody(pkg, { ...low, confirmBelowMargin: true }),
    );
    expect(confirmed.package.priceCents).toBe(low.priceCents);
  });

  it('an offer shows only within its dates, and must be below the price and end after it starts', async () => {
    const pkg = await aPackage();
    const offerPriceCents = pkg.priceCents - 100;
    const tooHigh = await call(
      'PATCH',
      `/api/staff/packages/${pkg.id}`,
      editBody(pkg, { offerPriceCents: pkg.priceCents }),
    );
    expect(tooHigh.statusCode).toBe(422);
    expect(tooHigh.json().errors.offerPriceCents).toEqual(['The offer price must be below the price.']);
    const backwards = await call(
      'PATCH',
      `/api/staff/packages/${pkg.id}`,
      editBody(pkg, {
        offerPriceCents,
        offerStartsAt: '2030-02-01T00:00:00.000Z',
        offerEndsAt: '2030-01-01T00:00:00.000Z',
      }),
    );
    expect(backwards.json().errors.offerEndsAt).toEqual(['The offer cannot end before it starts.']);

    const later = await ok<{ package: StaffPackage }>(
      'PATCH',
      `/api/staff/packages/${pkg.id}`,
      editBody(pkg, {
        offerPriceCents,
        offerStartsAt: '2030-01-01T00:00:00.000Z',
        offerEndsAt: '2030-01-31',
        confirmBelowMargin: true,
      }),
    );
    expect(later.package.offerStartsAt).toBe('2030-01-01T00:00:00.000Z');
    // A day as the end includes that day.
    expect(later.package.offerEndsAt).toBe('2030-02-01T00:00:00.000Z');
    expect((await publicPackage(pkg.slug)).json().offerPriceCents).toBeNull();
    await ok(
      'PATCH',
      `/api/staff/packages/${pkg.id}`,
      editBody(later.package, { offerStartsAt: null, offerEndsAt: '', confirmBelowMargin: true }),
    );
    expect((await publicPackage(pkg.slug)).json().offerPriceCents).toBe(offerPriceCents);
  });
});

describe('bulk actions and deleting', () => {
  it('deactivates and activates the selected packages; the public page follows', async () => {
    const [a, b] = [await aPackage(), await aPackage()] as [StaffPackage, StaffPackage];
    const off = await ok<{ changed: number; message: string }>('POST', '/api/staff/packages/bulk', {
      ids: [a.id, b.id],
      action: 'deactivate',
    });
    expect(off).toEqual({ changed: 2, message: 'Packages deactivated: 2.' });
    expect((await publicPackage(a.slug)).statusCode).toBe(404);
    expect(
      (
        await ok<{ changed: number }>('POST', '/api/staff/packages/bulk', {
          ids: [a.id, b.id],
          action: 'activate',
        })
      ).changed,
    ).toBe(2);
    expect((await publicPackage(a.slug)).statusCode).toBe(200);
  });

  it('sets a margin (rounded to .99), asking for confirmation below the minimum', async () => {
    const pkg = await aPackage();
    const refused = await call('POST', '/api/staff/packages/bulk', {
      ids: [pkg.id],
      action: 'setMargin',
      marginPercent: 5,
    });
    expect(refused.json()).toMatchObject({
      code: 'PRICE_BELOW_MARGIN',
      errors: { marginPercent: [expect.any(String)] },
    });
    const missing = await call('POST', '/api/staff/packages/bulk', { ids: [pkg.id], action: 'setMargin' });
    expect(missing.statusCode).toBe(422);
    await ok('POST', '/api/staff/packages/bulk', { ids: [pkg.id], action: 'setMargin', marginPercent: 100 });
    const detail = await ok<StaffPackageDetail>('GET', `/api/staff/packages/${pkg.id}`);
    expect(detail.package.priceCents % 100).toBe(99);
    expect(detail.package.priceCents).toBeGreaterThanOrEqual(pkg.wholesaleCents * 2);
    expect(detail.history[0]?.action).toBe('package.setMargin');
  });

  it('a package with a paid, unused order can only be deactivated; one without is deleted', async () => {
    const used = await aPackage();
    const user = await seedUser(ctx.deps.db);
    await seedCompletedEsimOrder(ctx.deps.db, {
      userId: user.id,
      packageSlug: used.slug,
      packageStatus: 'queued',
    });
    const refused = await call(
      'DELETE',
      `/api/staff/packages/${used.id}?version=${encodeURIComponent(used.version)}`,
      undefined,
      analytics,
      'sq',
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PACKAGE_IN_USE',
      message: expect.stringContaining('çaktivizojeni'),
    });

    const unused = await aPackage();
    expect(
      (
        await ok<{ message: string }>(
          'DELETE',
          `/api/staff/packages/${unused.id}?version=${encodeURIComponent(unused.version)}`,
        )
      ).message,
    ).toBe('The package is deleted.');
    expect((await call('GET', `/api/staff/packages/${unused.id}`)).statusCode).toBe(404);
    expect((await publicPackage(unused.slug)).statusCode).toBe(404);
  });
});

describe('adding from the wholesale list', () => {
  const extra: WholesalePackage = {
    code: 'STAFF-ADD-AL-7',
    name: 'Albania 7GB 7 days',
    scope: 'local',
    regionCode: null,
    coverage: [{ country: 'AL', operators: [{ name: 'One', network: '5G' }] }],
    dataMb: 7168,
    validityDays: 7,
    wholesaleCents: 500,
    topUpAllowed: true,
    activation: 'on_first_use',
  };

  it('lists the provider’s packages marked listed or not, and adds one with our price', async () => {
    ctx.deps.esimProvider.listPackages = async () => [...(await listPackages()), extra];
    try {
      const page = await ok<Paged<WholesalePackageItem>>('GET', '/api/staff/packages/wholesale?q=STAFF-ADD');
      expect(page.items).toEqual([
        expect.objectContaining({ code: extra.code, listed: false, wholesaleCents: 500 }),
      ]);
      const low = await call('POST', '/api/staff/packages', { code: extra.code, priceCents: 520 });
      expect(low.json().code).toBe('PRICE_BELOW_MARGIN');
      const added = await ok<{ package: StaffPackage; message: string }>('POST', '/api/staff/packages', {
        code: extra.code,
        priceCents: 999,
      });
      expect(added.package).toMatchObject({
        priceCents: 999,
        wholesaleCents: 500,
        active: true,
        countryCount: 1,
      });
      expect((await publicPackage(added.package.slug)).json().priceCents).toBe(999);
      const again = await call('POST', '/api/staff/packages', { code: extra.code, priceCents: 999 });
      expect(again.statusCode).toBe(409);
      expect((await call('POST', '/api/staff/packages', { code: 'NOPE', priceCents: 999 })).statusCode).toBe(
        404,
      );
    } finally {
      ctx.deps.esimProvider.listPackages = listPackages;
    }
  });
});

describe('the popular and offers lists', () => {
  it('saves the order staff arrange, which the home page highlights follow', async () => {
    const before = await ok<HighlightOrder>('GET', '/api/staff/packages/highlights/popular');
    expect(before.items.length).toBeGreaterThan(1);
    const reversed = before.items.map((p) => p.id).reverse();
    await ok('PUT', '/api/staff/packages/highlights/popular', { ids: reversed });
    const after = await ok<HighlightOrder>('GET', '/api/staff/packages/highlights/popular');
    expect(after.items.map((p) => p.id)).toEqual(reversed);
    const home = await ctx.app.inject({
      method: 'GET',
      url: '/api/catalogue/highlights',
      headers: { 'accept-language': 'en' },
    });
    expect(home.json().popular.map((p: { id: string }) => p.id)).toEqual(
      reversed.filter((id) => after.items.find((p) => p.id === id)?.active),
    );
    // A list that is not the whole list (someone changed it meanwhile) is refused.
    const partial = await call('PUT', '/api/staff/packages/highlights/popular', { ids: reversed.slice(1) });
    expect(partial.statusCode).toBe(409);
    expect((await call('PUT', '/api/staff/packages/highlights/other', { ids: [] })).statusCode).toBe(422);
  });
});

describe('the reseller price list', () => {
  it('adds, changes and removes a package on the list the portal sells from, and sets a margin in bulk', async () => {
    const shop = await signInAs(ctx, 'shop');
    const pkg = await aPackage('type=local&state=active&reseller=listed');
    const portal = async () =>
      (
        await call(
          'GET',
          `/api/portal/packages?q=${encodeURIComponent(pkg.name)}&pageSize=100`,
          undefined,
          shop,
        )
      ).json().items as {
        slug: string;
        resellerPriceCents: number;
      }[];
    const removed = await ok<{ message: string }>(
      'DELETE',
      `/api/staff/packages/${pkg.id}/reseller?version=${encodeURIComponent(pkg.version)}`,
    );
    expect(removed.message).toBe('The package is off the reseller price list.');
    expect((await portal()).some((p) => p.slug === pkg.slug)).toBe(false);

    const current = (await ok<StaffPackageDetail>('GET', `/api/staff/packages/${pkg.id}`)).package;
    const low = await call('PUT', `/api/staff/packages/${pkg.id}/reseller`, {
      version: current.version,
      resellerPriceCents: 1,
    });
    expect(low.json()).toMatchObject({
      code: 'PRICE_BELOW_MARGIN',
      errors: { resellerPriceCents: [expect.any(String)] },
    });
    const price = pkg.wholesaleCents * 2;
    await ok('PUT', `/api/staff/packages/${pkg.id}/reseller`, {
      version: current.version,
      resellerPriceCents: price,
    });
    expect((await portal()).find((p) => p.slug === pkg.slug)?.resellerPriceCents).toBe(price);

    const margin = await ok<{ changed: number }>('POST', '/api/staff/packages/reseller/margin', {
      ids: [pkg.id],
      marginPercent: 30,
    });
    expect(margin.changed).toBe(1);
    expect((await portal()).find((p) => p.slug === pkg.slug)?.resellerPriceCents).toBe(
      Math.ceil(pkg.wholesaleCents * 1.3),
    );
    const history = (await ok<StaffPackageDetail>('GET', `/api/staff/packages/${pkg.id}`)).history.map(
      (h) => h.action,
    );
    expect(history.slice(0, 3)).toEqual([
      'package.reseller.margin',
      'package.reseller.set',
      'package.reseller.remove',
    ]);
  });
});

describe('the catalogue sync', () => {
  it('shows the diff, applies only when staff say so (or the setting does), and audits what it changed', async () => {
    const wholesale = await listPackages();
    const [costly, dropped] = wholesale.filter((p) => p.scope === 'global') as [
      WholesalePackage,
      WholesalePackage,
    ];
    const fresh: WholesalePackage = {
      ...costly,
      code: 'SYNC-NEW-GLOBAL',
      name: 'Global 99GB',
      dataMb: 99 * 1024,
      wholesaleCents: 4000,
    };
    ctx.deps.esimProvider.listPackages = async () => [
      ...wholesale
        .filter((p) => p.code !== dropped.code)
        .map((p) => (p.code === costly.code ? { ...p, wholesaleCents: p.wholesaleCents + 50 } : p)),
      fresh,
    ];
    try {
      const diff = await ok<CatalogueDiff>('GET', '/api/staff/packages/sync');
      expect(diff.autoApply).toBe(false);
      expect(diff.added.map((p) => p.code)).toContain(fresh.code);
      expect(diff.changedCost).toEqual([
        expect.objectContaining({ code: costly.code, previousWholesaleCents: costly.wholesaleCents }),
      ]);
      expect(diff.dropped.map((p) => p.code)).toContain(dropped.code);

      // The scheduled sync leaves it to staff while the setting is off.
      expect(await runScheduledCatalogueSync(ctx.deps)).toMatchObject({
        applied: false,
        changedCost: 1,
        dropped: diff.dropped.length,
      });
      const ours = () =>
        ctx.deps.db
          .select()
          .from(packages)
          .where(and(eq(packages.providerPackageCode, costly.code), isNull(packages.deletedAt)));
      expect((await ours())[0]?.wholesaleCents).toBe(costly.wholesaleCents);

      const applied = await ok<{ message: string }>('POST', '/api/staff/packages/sync');
      expect(applied.message).toMatch(/1 with a changed cost/);
      expect((await ours())[0]?.wholesaleCents).toBe(costly.wholesaleCents + 50);
      const after = await ok<CatalogueDiff>('GET', '/api/staff/packages/sync');
      expect(after.changedCost).toEqual([]);
      const id = (await ours())[0]?.id as string;
      const history = await ok<StaffPackageDetail>('GET', `/api/staff/packages/${id}`);
      expect(history.history[0]).toMatchObject({
        action: 'package.sync',
        after: { wholesaleCents: costly.wholesaleCents + 50 },
      });

      // With the setting on, the scheduled sync applies by itself.
      ctx.deps.esimProvider.listPackages = async () => wholesale;
      await setAutoApply(true);
      expect(await runScheduledCatalogueSync(ctx.deps)).toMatchObject({ applied: true });
      expect((await ours())[0]?.wholesaleCents).toBe(costly.wholesaleCents);
    } finally {
      ctx.deps.esimProvider.listPackages = listPackages;
      await setAutoApply(false);
    }
  });
});

const setAutoApply = async (on: boolean) => {
  const value = { ...(await generalSettings()), catalogueSyncAutoApply: on };
  await ctx.deps.db
    .insert(settings)
    .values({ key: 'general', value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
};
const generalSettings = async () =>
  ((await ctx.deps.db.select().from(settings).where(eq(settings.key, 'general')))[0]?.value ?? {}) as Record<
    string,
    unknown
  >;
