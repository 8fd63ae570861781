export * from './client';
export * from './password';
export * as schema from './schema';
export * from './schema';
export * from './seed/accounts';
export * from './seed/catalogue';
export * from './seed/content';
export {
  type Continent,
  type CountryCoverage,
  countries as coverageCountries,
  globalCoverage,
  type RegionDefinition,
  regions as coverageRegions,
} from './seed/data/coverage';
export * from './seed/data/region-names';
export * from './seed/demo';
export * from './seed/orders';
