import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { type CountryResponse, Reader } from 'maxmind';
import type { GeoLocator } from './port';

// Private, loopback and link-local addresses belong to no country (the database maps some of them anyway).
const privateRanges = new BlockList();
for (const [net, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['fc00::', 7],
  ['fe80::', 10],
  ['::1', 128],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv6');

const isPrivate = (ip: string) =>
  (isIPv4(ip) && privateRanges.check(ip, 'ipv4')) || (isIPv6(ip) && privateRanges.check(ip, 'ipv6'));

const headerNames = ['x-country-code', 'cf-ipcountry', 'cloudfront-viewer-country'];

type DbRecord = CountryResponse & { country_code?: string };

/**
 * Embedded IP-to-country database (CC0 geo-whois-asn-country), so no visitor IP leaves our server.
 * A CDN's country header wins when present, but only behind a proxy we were told about (`TRUST_PROXY`): without
 * one, any client could set it.
 */
export const createMmdbGeoLocator = (options: { trustProxyHeaders: boolean }): GeoLocator => {
  const require = createRequire(import.meta.url);
  const file = require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
  const reader = new Reader<DbRecord>(readFileSync(file));
  return {
    countryOf: ({ ip, headers }) => {
      for (const name of options.trustProxyHeaders ? headerNames : []) {
        const value = headers[name];
        if (typeof value === 'string' && /^[A-Za-z]{2}$/.test(value)) return value.toUpperCase();
      }
      if (isPrivate(ip)) return null;
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
