import { locales } from '@esim/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { countries, packages, regionCountries, regions } from '../schema';
import { countries as countryData, regions as regionData } from './data/coverage';
import { regionNames } from './data/region-names';

/** Countries and regions (with their names in every locale) that packages refer to. Idempotent. */
export const seedCatalogueReference = async (db: Db) => {
  await db
    .insert(countries)
    .values(countryData.map((c) => ({ code: c.code, continent: c.continent })))
    .onConflictDoNothing();
  for (const region of regionData) {
    const names = Object.fromEntries(
      locales.map((locale) => [locale, regionNames[region.code]?.[locale] ?? region.names.en]),
    );
    await db.insert(regions).values({ code: region.code, names }).onConflictDoNothing();
    await db
      .insert(regionCountries)
      .values(region.countries.map((countryCode) => ({ regionCode: region.code, countryCode })))
      .onConflictDoNothing();
  }
};

const popularSlugs = [
  'de-5gb-30d',
  'it-5gb-30d',
  'tr-5gb-30d',
  'us-5gb-30d',
  'gb-5gb-30d',
  'fr-5gb-30d',
  'es-5gb-30d',
  'ae-5gb-30d',
  'th-5gb-30d',
  'al-5gb-30d',
  'europe-10gb-30d',
  'balkans-5gb-30d',
  'global-5gb-30d',
];
const offerSlugs = [
  'xk-10gb-30d',
  'gr-10gb-30d',
  'europe-20gb-30d',
  'global-10gb-30d',
  'mk-5gb-30d',
  'jp-10gb-30d',
];

/** Marks demo favourites and offers (staff curate these in the dashboard). */
export const seedCatalogueHighlights = async (db: Db) => {
  await db.update(packages).set({ popular: true }).where(inArray(packages.slug, popularSlugs));
  const offers = await db.select().from(packages).where(inArray(packages.slug, offerSlugs));
  for (const offer of offers) {
    // 20 % off, still ending in .99 like the regular prices.
    const offerPrice = Math.floor((offer.priceCents * 0.8) / 100) * 100 + 99;
    if (offerPrice < offer.priceCents)
      await db
        .update(packages)
        .set({ offerPriceCents: offerPrice })
        .where(and(eq(packages.id, offer.id)));
  }
};
