import {
  type CountryPage,
  type Destination,
  type Locale,
  locales,
  localeTags,
  type PackageDetail,
  type PackageSummary,
  type PackageType,
  type PagedPackages,
  type RegionPage,
  salePriceCents,
} from '@esim/contracts';
import { liveOfferCents } from '@esim/contracts/price';
import type { Db } from '@esim/db';
import { AppError } from '../../lib/app-error';
import { pageOfList } from '../../lib/list-query';
import { type CatalogueRows, loadCatalogueRows, type PackageRow } from './catalogue.repository';

/** Lower case without accents, so "Shqiperi" finds "Shqipëri" and "ALLEMAGNE" finds "Allemagne". */
export const normalizeSearch = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

const typeOrder: Record<PackageType, number> = { local: 0, regional: 1, global: 2 };

const byDisplayOrder = (a: PackageRow, b: PackageRow) =>
  typeOrder[a.type] - typeOrder[b.type] ||
  (a.dataMb ?? Number.MAX_SAFE_INTEGER) - (b.dataMb ?? Number.MAX_SAFE_INTEGER) ||
  a.validityDays - b.validityDays ||
  a.priceCents - b.priceCents;

/**
 * An immutable in-memory view of the catalogue: the catalogue is small and read on every public page, so it is
 * loaded in four queries and served from memory; localized shapes are built once per locale.
 */
export const buildCatalogueSnapshot = (
  loaded: CatalogueRows,
  globalName: (locale: Locale) => string,
  now = new Date(),
) => {
  // An offer outside its window is no offer here: the snapshot reloads within its time-to-live, so an offer
  // starts and ends on the public pages within that.
  const rows = {
    ...loaded,
    packageRows: loaded.packageRows.map((p) => ({ ...p, offerPriceCents: liveOfferCents(p, now) })),
  };
  const countryNames = new Map<Locale, Intl.DisplayNames>(
    locales.map((l) => [l, new Intl.DisplayNames([localeTags[l], 'en'], { type: 'region' })]),
  );
  const countryName = (code: string, locale: Locale) => countryNames.get(locale)?.of(code) ?? code;
  const continentOf = new Map(rows.countryRows.map((c) => [c.code, c.continent]));
  const regionsByCode = new Map(rows.regionRows.map((r) => [r.code, r]));
  const regionName = (code: string, locale: Locale) => {
    const names = regionsByCode.get(code)?.names ?? {};
    return names[locale] ?? names.en ?? code;
  };
  const regionMembers = new Map<string, string[]>();
  for (const m of rows.memberRows)
    regionMembers.set(m.regionCode, [...(regionMembers.get(m.regionCode) ?? []), m.countryCode]);

  const coverageOf = new Map<string, CatalogueRows['coverageRows']>();
  const packagesByCountry = new Map<string, PackageRow[]>();
  const packagesById = new Map(rows.packageRows.map((p) => [p.id, p]));
  for (const c of rows.coverageRows) {
    coverageOf.set(c.packageId, [...(coverageOf.get(c.packageId) ?? []), c]);
    const pkg = packagesById.get(c.packageId);
    if (pkg) packagesByCountry.set(c.countryCode, [...(packagesByCountry.get(c.countryCode) ?? []), pkg]);
  }
  const sorted = [...rows.packageRows].sort(byDisplayOrder);
  const bySlug = new Map(sorted.map((p) => [p.slug, p]));

  const summaries = new Map<Locale, Map<string, PackageSummary>>();
  const summary = (row: PackageRow, locale: Locale): PackageSummary => {
    let perLocale = summaries.get(locale);
    if (!perLocale) {
      perLocale = new Map();
      summaries.set(locale, perLocale);
    }
    const cached = perLocale.get(row.id);
    if (cached) return cached;
    const coverage = coverageOf.get(row.id) ?? [];
    const networks = [...new Set(coverage.flatMap((c) => c.operators.map((o) => o.network)))].sort();
    const dto: PackageSummary = {
      id: row.id,
      slug: row.slug,
      type: row.type,
      name: row.displayNames[locale] ?? row.name,
      destination:
        row.type === 'local' && row.countryCode
          ? countryName(row.countryCode, locale)
          : row.type === 'regional' && row.regionCode
            ? regionName(row.regionCode, locale)
            : globalName(locale),
      country: row.countryCode ? { code: row.countryCode, name: countryName(row.countryCode, locale) } : null,
      region: row.regionCode ? { code: row.regionCode, name: regionName(row.regionCode, locale) } : null,
      dataMb: row.dataMb,
      unlimited: row.dataMb === null,
      validityDays: row.validityDays,
      priceCents: row.priceCents,
      offerPriceCents: row.offerPriceCents,
      currency: 'EUR',
      popular: row.popular,
      topUpAllowed: row.topUpAllowed,
      activation: row.activation,
      countryCount: coverage.length,
      networks: networks as PackageSummary['networks'],
    };
    perLocale.set(row.id, dto);
    return dto;
  };

  // Destinations with a local package (countries) or a regional package (regions), cheapest price first shown.
  const countryDestinations = [...packagesByCountry.entries()]
    .map(([code, pkgs]) => ({ code, local: pkgs.filter((p) => p.type === 'local') }))
    .filter((d) => d.local.length > 0);
  const regionDestinations = [...regionsByCode.keys()]
    .map((code) => ({ code, pkgs: sorted.filter((p) => p.type === 'regional' && p.regionCode === code) }))
    .filter((d) => d.pkgs.length > 0);

  const destination = (
    kind: 'country' | 'region',
    code: string,
    pkgs: PackageRow[],
    locale: Locale,
  ): Destination => ({
    kind,
    code,
    name: kind === 'country' ? countryName(code, locale) : regionName(code, locale),
    continent: kind === 'country' ? (continentOf.get(code) ?? null) : null,
    fromPriceCents: Math.min(...pkgs.map((p) => salePriceCents(p))),
    packageCount: pkgs.length,
    popular: pkgs.some((p) => p.popular),
  });

  const allDestinations = (locale: Locale) => [
    ...countryDestinations.map((d) => destination('country', d.code, d.local, locale)),
    ...regionDestinations.map((d) => destination('region', d.code, d.pkgs, locale)),
  ];

  // Search terms: every destination's name in all twelve languages, plus country codes.
  const searchTerms = [
    ...countryDestinations.map((d) => ({
      kind: 'country' as const,
      code: d.code,
      terms: [...new Set(locales.map((l) => normalizeSearch(countryName(d.code, l))))],
    })),
    ...regionDestinations.map((d) => ({
      kind: 'region' as const,
      code: d.code,
      terms: [...new Set(locales.map((l) => normalizeSearch(regionName(d.code, l))))],
    })),
  ];

  /** Codes match exactly; names match at the start of the name or of a word, in any language. */
  const search = (query: string, locale: Locale): Destination[] => {
    const q = normalizeSearch(query);
    if (!q) return [];
    const scored = searchTerms.flatMap((entry) => {
      let score = 0;
      if (entry.kind === 'country' && q.length === 2 && entry.code.toLowerCase() === q) score = 4;
      else if (entry.terms.some((t) => t === q)) score = 3;
      else if (entry.terms.some((t) => t.startsWith(q))) score = 2;
      else if (q.length >= 3 && entry.terms.some((t) => t.split(/[\s-]/).some((w) => w.startsWith(q))))
        score = 1;
      return score > 0 ? [{ entry, score }] : [];
    });
    const lookup = new Map(allDestinations(locale).map((d) => [`${d.kind}:${d.code}`, d]));
    return scored
      .map(({ entry, score }) => ({ d: lookup.get(`${entry.kind}:${entry.code}`), score }))
      .filter((x): x is { d: Destination; score: number } => x.d !== undefined)
      .sort(
        (a, b) =>
          b.score - a.score ||
          (a.d.kind === b.d.kind ? 0 : a.d.kind === 'country' ? -1 : 1) ||
          a.d.name.localeCompare(b.d.name, localeTags[locale]),
      )
      .map((x) => x.d);
  };

  const listPackages = (
    query: { type?: PackageType; q?: string; page: number; pageSize: number },
    locale: Locale,
  ): PagedPackages => {
    let items = query.type ? sorted.filter((p) => p.type === query.type) : sorted;
    if (query.q) {
      const matches = search(query.q, locale);
      const countries = new Set(matches.filter((m) => m.kind === 'country').map((m) => m.code));
      const regions = new Set(matches.filter((m) => m.kind === 'region').map((m) => m.code));
      items = items.filter(
        (p) =>
          (p.countryCode && countries.has(p.countryCode)) ||
          (p.regionCode && regions.has(p.regionCode)) ||
          (p.type !== 'local' && (coverageOf.get(p.id) ?? []).some((c) => countries.has(c.countryCode))),
      );
    }
    const page = pageOfList(items, query);
    return { ...page, items: page.items.map((p) => summary(p, locale)) };
  };

  const getPackage = (slug: string, locale: Locale): PackageDetail => {
    const row = bySlug.get(slug);
    if (!row) throw new AppError('NOT_FOUND');
    return {
      ...summary(row, locale),
      coverage: (coverageOf.get(row.id) ?? [])
        .map((c) => ({
          country: { code: c.countryCode, name: countryName(c.countryCode, locale) },
          operators: c.operators,
        }))
        .sort((a, b) => a.country.name.localeCompare(b.country.name, localeTags[locale])),
    };
  };

  const getCountryPage = (code: string, locale: Locale): CountryPage => {
    const continent = continentOf.get(code);
    const pkgs = packagesByCountry.get(code);
    if (!continent || !pkgs) throw new AppError('NOT_FOUND');
    const ordered = [...pkgs].sort(byDisplayOrder).map((p) => summary(p, locale));
    return {
      country: { code, name: countryName(code, locale), continent },
      local: ordered.filter((p) => p.type === 'local'),
      regional: ordered.filter((p) => p.type === 'regional'),
      global: ordered.filter((p) => p.type === 'global'),
    };
  };

  const getRegionPage = (code: string, locale: Locale): RegionPage => {
    const pkgs = regionDestinations.find((d) => d.code === code)?.pkgs;
    if (!pkgs) throw new AppError('NOT_FOUND');
    return {
      region: {
        code,
        name: regionName(code, locale),
        countries: (regionMembers.get(code) ?? [])
          .map((c) => ({ code: c, name: countryName(c, locale) }))
          .sort((a, b) => a.name.localeCompare(b.name, localeTags[locale])),
      },
      packages: pkgs.map((p) => summary(p, locale)),
    };
  };

  const listDestinations = (kind: 'country' | 'region', locale: Locale) =>
    allDestinations(locale)
      .filter((d) => d.kind === kind)
      .sort((a, b) => a.name.localeCompare(b.name, localeTags[locale]));

  // Staff's order (ADR 0051); packages staff have not placed follow in display order.
  const byPosition = (position: (p: PackageRow) => number | null) => (a: PackageRow, b: PackageRow) =>
    (position(a) ?? Number.MAX_SAFE_INTEGER) - (position(b) ?? Number.MAX_SAFE_INTEGER);
  const popularRows = sorted.filter((p) => p.popular).sort(byPosition((p) => p.popularPosition));
  const offerRows = sorted.filter((p) => p.offerPriceCents !== null).sort(byPosition((p) => p.offerPosition));
  const highlights = (locale: Locale) => ({
    popular: popularRows.map((p) => summary(p, locale)),
    offers: offerRows.map((p) => summary(p, locale)),
  });

  return { listPackages, getPackage, getCountryPage, getRegionPage, listDestinations, search, highlights };
};
export type CatalogueSnapshot = ReturnType<typeof buildCatalogueSnapshot>;

/**
 * Serves snapshots, reloading after `ttlMs` (other instances' writes) or right away after `invalidate()`
 * (this instance's writes: sync, staff edits). Concurrent callers share one load.
 */
export const createCatalogue = (db: Db, globalName: (locale: Locale) => string, ttlMs = 30_000) => {
  let current: { snapshot: CatalogueSnapshot; loadedAt: number } | null = null;
  let loading: Promise<CatalogueSnapshot> | null = null;
  const load = () => {
    loading ??= loadCatalogueRows(db)
      .then((rows) => {
        const snapshot = buildCatalogueSnapshot(rows, globalName);
        current = { snapshot, loadedAt: Date.now() };
        return snapshot;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };
  return {
    get: async (): Promise<CatalogueSnapshot> => {
      if (current && Date.now() - current.loadedAt < ttlMs) return current.snapshot;
      if (current) {
        // Serve the previous snapshot while a fresh one loads in the background.
        void load().catch(() => undefined);
        return current.snapshot;
      }
      return load();
    },
    /** The snapshot `get()` would answer at once without reloading, or null (none yet, or out of date). */
    peek: (): CatalogueSnapshot | null =>
      current && Date.now() - current.loadedAt < ttlMs ? current.snapshot : null,
    invalidate: () => {
      current = null;
    },
  };
};
export type Catalogue = ReturnType<typeof createCatalogue>;
