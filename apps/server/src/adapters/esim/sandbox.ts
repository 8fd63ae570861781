import {
  type Continent,
  coverageCountries as countries,
  globalCoverage,
  coverageRegions as regions,
} from '@esim/db';
import type { EsimProvider, WholesalePackage } from './port';

// Wholesale price per GB in euro cents by continent: what a real wholesaler's list roughly looks like.
const centsPerGb: Record<Continent, number> = {
  europe: 55,
  asia: 80,
  north_america: 95,
  south_america: 130,
  africa: 160,
  oceania: 110,
};

const bundles = [
  { gb: 1, days: 7 },
  { gb: 3, days: 15 },
  { gb: 5, days: 30 },
  { gb: 10, days: 30 },
  { gb: 20, days: 30 },
] as const;

// Unlimited daily plans are offered only where the sandbox wholesaler has them.
const unlimitedCountries = new Set(['US', 'TR', 'AE', 'TH', 'JP', 'GB', 'IT', 'ES', 'FR', 'DE']);

const byCode = new Map(countries.map((c) => [c.code, c]));

const coverageOf = (codes: string[]) =>
  codes.flatMap((code) => {
    const country = byCode.get(code);
    return country ? [{ country: code, operators: country.operators }] : [];
  });

const averageRate = (codes: string[]) => {
  const rates = codes.flatMap((code) => {
    const c = byCode.get(code);
    return c ? [centsPerGb[c.continent]] : [];
  });
  return rates.reduce((sum, r) => sum + r, 0) / Math.max(1, rates.length);
};

const price = (gb: number, rate: number, surcharge: number) =>
  Math.round(40 + gb * rate * (gb >= 10 ? 0.8 : 1) * surcharge);

/**
 * Builds the sandbox wholesaler's price list from the coverage reference data: local bundles per country,
 * regional bundles per region, global bundles, deterministic so tests and demos see the same catalogue.
 */
export const sandboxWholesaleList = (): WholesalePackage[] => {
  const list: WholesalePackage[] = [];
  for (const country of countries) {
    for (const { gb, days } of bundles) {
      list.push({
        code: `SBX-${country.code}-${gb}GB-${days}D`,
        name: `${country.code} ${gb}GB ${days} days`,
        scope: 'local',
        regionCode: null,
        coverage: coverageOf([country.code]),
        dataMb: gb * 1024,
        validityDays: days,
        wholesaleCents: price(gb, centsPerGb[country.continent], 1),
        topUpAllowed: true,
        activation: gb === 1 ? 'on_install' : 'on_first_use',
      });
    }
    if (unlimitedCountries.has(country.code)) {
      list.push({
        code: `SBX-${country.code}-UNL-7D`,
        name: `${country.code} Unlimited 7 days`,
        scope: 'local',
        regionCode: null,
        coverage: coverageOf([country.code]),
        dataMb: null,
        validityDays: 7,
        wholesaleCents: price(15, centsPerGb[country.continent], 1),
        topUpAllowed: false,
        activation: 'on_first_use',
      });
    }
  }
  for (const region of regions) {
    const rate = averageRate(region.countries);
    for (const { gb, days } of bundles) {
      list.push({
        code: `SBX-R-${region.code.toUpperCase()}-${gb}GB-${days}D`,
        name: `${region.names.en} ${gb}GB ${days} days`,
        scope: 'regional',
        regionCode: region.code,
        coverage: coverageOf(region.countries),
        dataMb: gb * 1024,
        validityDays: days,
        wholesaleCents: price(gb, rate, 1.25),
        topUpAllowed: true,
        activation: 'on_first_use',
      });
    }
  }
  for (const { gb, days } of [...bundles, { gb: 50, days: 90 }]) {
    list.push({
      code: `SBX-GLOBAL-${gb}GB-${days}D`,
      name: `Global ${gb}GB ${days} days`,
      scope: 'global',
      regionCode: null,
      coverage: coverageOf(globalCoverage),
      dataMb: gb * 1024,
      validityDays: days,
      wholesaleCents: price(gb, 150, 1.3),
      topUpAllowed: true,
      activation: 'on_first_use',
    });
  }
  return list;
};

export const createSandboxEsimProvider = (): EsimProvider => ({
  name: 'sandbox',
  listPackages: async () => sandboxWholesaleList(),
});
