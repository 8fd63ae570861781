import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type CountryResponse, Reader } from 'maxmind';
import type { GeoLocator } from './port';

const headerNames = ['x-country-code', 'cf-ipcountry', 'cloudfront-viewer-country'];

type DbRecord = CountryResponse & { country_code?: string };

/**
 * Embedded IP-to-country database (CC0 geo-whois-asn-country), so no visitor IP leaves our server.
 * A trusted CDN country header wins when present.
 */
export const createMmdbGeoLocator = (): GeoLocator => {
  const require = createRequire(import.meta.url);
  const file = require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
  const reader = new Reader<DbRecord>(readFileSync(file));
  return {
    countryOf: ({ ip, headers }) => {
      for (const name of headerNames) {
        const value = headers[name];
        if (typeof value === 'string' && /^[A-Za-z]{2}$/.test(value)) return value.toUpperCase();
      }
      try {
        const record = reader.get(ip);
        const code = record?.country_code ?? record?.country?.iso_code;
        return code ? code.toUpperCase() : null;
      } catch {
        return null;
      }
    },
  };
};
