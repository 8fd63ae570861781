import { packageCountries, packages } from '@esim/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EsimProvider, WholesalePackage } from '../../adapters/esim/port';
import { sandboxWholesaleList } from '../../adapters/esim/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { createTestContext, type TestContext } from '../../test/harness';
import { packageSlug, retailPriceCents, syncCatalogue } from './catalogue-sync.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ensureCatalogue(ctx.deps, ctx.app.log);
});
afterAll(async () => {
  await ctx.close();
});

const wholesale = (overrides: Partial<WholesalePackage> = {}): WholesalePackage => ({
  code: `TEST-${Math.random().toString(36).slice(2, 8)}`,
  name: 'Test Albania 2GB',
  scope: 'local',
  regionCode: null,
  coverage: [{ country: 'AL', operators: [{ name: 'One', network: '5G' }] }],
  dataMb: 2048,
  validityDays: 10,
  wholesaleCents: 300,
  topUpAllowed: true,
  activation: 'on_first_use',
  ...overrides,
});

const providerWith = (list: WholesalePackage[]): Pick<EsimProvider, 'name' | 'listPackages'> => ({
  name: 'test-wholesaler',
  listPackages: async () => list,
});

describe('pricing and naming rules', () => {
  it('adds the markup and rounds up to .99', () => {
    expect(retailPriceCents(300, 45)).toBe(499);
    expect(retailPriceCents(100, 0)).toBe(199); // never below cost: 1.00 becomes 1.99, not 0.99
    expect(retailPriceCents(1000, 50)).toBe(1599);
    expect(retailPriceCents(1, 10)).toBe(99);
  });

  it('makes readable slugs', () => {
    expect(packageSlug(wholesale({ dataMb: 5120, validityDays: 30 }))).toBe('al-5gb-30d');
    expect(
      packageSlug(wholesale({ scope: 'regional', regionCode: 'balkans', dataMb: null, validityDays: 7 })),
    ).toBe('balkans-unlimited-7d');
    expect(packageSlug(wholesale({ scope: 'global', dataMb: 10240, validityDays: 30 }))).toBe(
      'global-10gb-30d',
    );
  });
});

describe('syncCatalogue', () => {
  it('seeds every sandbox package with its coverage', async () => {
    const list = sandboxWholesaleList();
    const rows = await ctx.deps.db.select().from(packages).where(eq(packages.provider, 'sandbox'));
    expect(rows).toHaveLength(list.length);
    const types = new Set(rows.map((r) => r.type));
    expect(types).toEqual(new Set(['local', 'regional', 'global']));
    expect(rows.some((r) => r.dataMb === null)).toBe(true);
    expect(rows.every((r) => r.priceCents % 100 === 99 && r.priceCents > r.wholesaleCents)).toBe(true);
  });

  it('upserts by provider code, keeps staff choices and the slug, and retires dropped packages', async () => {
    const kept = wholesale({ dataMb: 3072, validityDays: 9 });
    const dropped = wholesale({ dataMb: 4096, validityDays: 9 });
    await syncCatalogue(ctx.deps.db, providerWith([kept, dropped]), { markupPercent: 45 });
    const [row] = await ctx.deps.db
      .select()
      .from(packages)
      .where(and(eq(packages.provider, 'test-wholesaler'), eq(packages.providerPackageCode, kept.code)));
    expect(row).toMatchObject({ slug: 'al-3gb-9d', priceCents: 499, active: true });
    await ctx.deps.db
      .update(packages)
      .set({ popular: true, offerPriceCents: 399 })
      .where(eq(packages.id, row?.id ?? ''));

    const result = await syncCatalogue(
      ctx.deps.db,
      providerWith([
        {
          ...kept,
          wholesaleCents: 600,
          coverage: [{ country: 'AL', operators: [{ name: 'Vodafone', network: '5G' }] }],
        },
      ]),
      { markupPercent: 45 },
    );
    expect(result).toMatchObject({ upserted: 1, deactivated: 1 });
    const rows = await ctx.deps.db.select().from(packages).where(eq(packages.provider, 'test-wholesaler'));
    const updated = rows.find((r) => r.providerPackageCode === kept.code);
    expect(updated).toMatchObject({
      priceCents: 899,
      popular: true,
      offerPriceCents: 399,
      slug: 'al-3gb-9d',
    });
    expect(rows.find((r) => r.providerPackageCode === dropped.code)?.active).toBe(false);
    const coverage = await ctx.deps.db
      .select()
      .from(packageCountries)
      .where(eq(packageCountries.packageId, updated?.id ?? ''));
    expect(coverage).toEqual([
      expect.objectContaining({ countryCode: 'AL', operators: [{ name: 'Vodafone', network: '5G' }] }),
    ]);
  });

  it('skips packages for countries or regions we do not know, and leaves other providers alone', async () => {
    const before = await ctx.deps.db.select().from(packages).where(eq(packages.provider, 'sandbox'));
    const result = await syncCatalogue(
      ctx.deps.db,
      providerWith([
        wholesale({ coverage: [{ country: 'ZZ', operators: [] }] }),
        wholesale({ scope: 'regional', regionCode: 'atlantis' }),
      ]),
      { markupPercent: 45 },
    );
    expect(result.skipped).toHaveLength(2);
    const after = await ctx.deps.db.select().from(packages).where(eq(packages.provider, 'sandbox'));
    expect(after.filter((p) => p.active)).toHaveLength(before.filter((p) => p.active).length);
  });

  it('is idempotent: running it twice changes nothing', async () => {
    const provider = providerWith([wholesale({ code: 'TEST-IDEMPOTENT', dataMb: 6144 })]);
    await syncCatalogue(ctx.deps.db, provider, { markupPercent: 45 });
    const first = await ctx.deps.db
      .select()
      .from(packages)
      .where(eq(packages.providerPackageCode, 'TEST-IDEMPOTENT'));
    await syncCatalogue(ctx.deps.db, provider, { markupPercent: 45 });
    const second = await ctx.deps.db
      .select()
      .from(packages)
      .where(eq(packages.providerPackageCode, 'TEST-IDEMPOTENT'));
    expect(second).toHaveLength(1);
    expect(second[0]?.id).toBe(first[0]?.id);
  });
});
