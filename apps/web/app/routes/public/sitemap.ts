import { blogPath } from '@esim/contracts/blog';
import { locales, localeTags } from '@esim/contracts/locales';
import { localeQueryParam } from '../../lib/locale';
import { countryPath, regionPath, staticPublicPaths } from '../../lib/public-pages';
import type { Route } from './+types/sitemap';

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);

/**
 * /sitemap.xml: every public page once per locale (`?lang=<code>`, DESIGN section 6), including every country
 * and region page and the blog; a blog post once per language it is written in, at that language's slug, with
 * its other languages as hreflang alternates (issue 32).
 */
export const loader = async ({ context }: Route.LoaderArgs) => {
  const { site } = context;
  const [countries, regions, posts] = await Promise.all([
    site.listDestinations('country', 'en'),
    site.listDestinations('region', 'en'),
    site.blogSitemap(),
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
    blogPath(),
  ];
  const urls = paths.flatMap((path) =>
    locales.map(
      (locale) =>
        `  <url><loc>${escapeXml(`${site.siteUrl}${path}?${localeQueryParam}=${locale}`)}</loc></url>`,
    ),
  );
  const localized = (path: string, locale: string) =>
    escapeXml(`${site.siteUrl}${path}?${localeQueryParam}=${locale}`);
  const postUrls = posts.flatMap(({ slugs, updatedAt }) => {
    const written = locales.flatMap((l) => {
      const slug = slugs[l];
      return slug ? [[l, blogPath(slug)] as const] : [];
    });
    const alternates = written
      .map(
        ([l, path]) =>
          `<xhtml:link rel="alternate" hreflang="${localeTags[l]}" href="${localized(path, l)}"/>`,
      )
      .join('');
    return written.map(
      ([l, path]) =>
        `  <url><loc>${localized(path, l)}</loc><lastmod>${updatedAt}</lastmod>${alternates}</url>`,
    );
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${[...urls, ...postUrls].join('\n')}\n</urlset>\n`;
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
