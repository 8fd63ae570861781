import { locales } from '@esim/contracts/locales';
import { localeQueryParam } from '../../lib/locale';
import { countryPath, regionPath, staticPublicPaths } from '../../lib/public-pages';
import type { Route } from './+types/sitemap';

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);

/**
 * /sitemap.xml: every public page once per locale (`?lang=<code>`, DESIGN section 6), including every country
 * and region page.
 */
export const loader = async ({ context }: Route.LoaderArgs) => {
  const { site } = context;
  const [countries, regions] = await Promise.all([
    site.listDestinations('country', 'en'),
    site.listDestinations('region', 'en'),
  ]);
  const regionPages = await Promise.all(regions.map((r) => site.getRegionPage(r.code, 'en')));
  const countryCodes = new Set([
    ...countries.map((c) => c.code),
    ...regionPages.flatMap((page) => page.region.countries.map((c) => c.code)),
  ]);
  const paths = [
    ...staticPublicPaths,
    ...[...countryCodes].sort().map(countryPath),
    ...regions.map((r) => regionPath(r.code)),
  ];
  const urls = paths.flatMap((path) =>
    locales.map(
      (locale) =>
        `  <url><loc>${escapeXml(`${site.siteUrl}${path}?${localeQueryParam}=${locale}`)}</loc></url>`,
    ),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
