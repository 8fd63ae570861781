import type { PackageDetail } from '@esim/contracts';
import { salePriceCents } from '@esim/contracts/price';
import { formatPrice } from '@esim/ui/format';
import { useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import { PageMeta } from '../../components/page-meta';
import { CountryFlag } from '../../features/catalogue/components/country-flag';
import { PackageGrid } from '../../features/catalogue/components/package-card';
import { getProductsJsonLd } from '../../features/catalogue/json-ld';
import { toBlogCard } from '../../features/content/blog-cards.server';
import { RelatedPosts } from '../../features/content/components/related-posts';
import { getPageTexts } from '../../lib/i18n.server';
import { resolveRequestLocale } from '../../lib/locale';
import type { NextPageHandle } from '../../lib/next-page';
import { type PackageCardData, toPackageCard } from '../../lib/package-card';
import { countryPath, purchaseRoutes } from '../../lib/public-pages';
import { useRootData } from '../../lib/use-root-data';
import type { Route } from './+types/country';

/** Its buy buttons lead to the order page: its route comes with this page, so a buy click discovers nothing. */
export const handle: NextPageHandle = { nextPages: purchaseRoutes };

export const loader = async ({ request, params, context }: Route.LoaderArgs) => {
  if (!/^[a-z]{2}$/i.test(params.code)) throw data(null, { status: 404 });
  const url = new URL(request.url);
  if (params.code !== params.code.toLowerCase())
    throw redirect(`${countryPath(params.code)}${url.search}`, 301);
  const locale = resolveRequestLocale(request, context);
  const page = await context.site.getCountryPage(params.code, locale);
  const code = page.country.code;
  const details = new Map<string, PackageDetail>();
  for (const pkg of [...page.local, ...page.regional, ...page.global])
    details.set(pkg.slug, await context.site.getPackage(pkg.slug, locale));
  const withCoverage = (list: typeof page.local, listCountries: boolean): PackageCardData[] =>
    list.map((pkg) => {
      const coverage = details.get(pkg.slug)?.coverage ?? [];
      const names = coverage.map((c) => c.country.name).sort((a, b) => a.localeCompare(b));
      return {
        ...toPackageCard(pkg, locale),
        operators: coverage.find((c) => c.country.code === code)?.operators ?? [],
        ...(listCountries ? { coverage: names } : {}),
      };
    });
  const all = [...page.local, ...page.regional, ...page.global];
  // Staff-written texts (issue 32) replace the page's own words where written in this language.
  const [seo, related] = await Promise.all([
    context.site.getSeoText('country', code, locale),
    context.site.listBlogPosts(locale, { country: code, limit: 3 }),
  ]);
  return {
    seo,
    related: related.map((post) => toBlogCard(post, locale)),
    blogTexts: related.length > 0 ? getPageTexts(locale, 'blog') : null,
    country: page.country,
    fromPrice: all.length > 0 ? formatPrice(Math.min(...all.map((p) => salePriceCents(p))), locale) : '',
    local: withCoverage(page.local, false),
    regional: withCoverage(page.regional, true),
    global: withCoverage(page.global, false),
  };
};

export default function CountryRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const siteUrl = useRootData()?.siteUrl ?? '';
  const { country, seo } = loaderData;
  const price = loaderData.fromPrice;
  const sections = [
    { key: 'local', packages: loaderData.local },
    { key: 'regional', packages: loaderData.regional },
    { key: 'global', packages: loaderData.global },
  ] as const;
  return (
    <>
      <PageMeta
        title={seo?.title ?? t('country.title', { country: country.name })}
        description={seo?.description ?? t('country.description', { country: country.name, price })}
        jsonLd={getProductsJsonLd(
          t,
          [...loaderData.local, ...loaderData.regional, ...loaderData.global],
          siteUrl,
        )}
      />
      <section className="page-hero" aria-labelledby="country-title">
        <div className="container page-hero__inner">
          <CountryFlag code={country.code} size={48} />
          <div>
            <h1 id="country-title" data-testid="country-title">
              {seo?.heading ?? t('country.heading', { country: country.name })}
            </h1>
            <p className="page-hero__lead">{t('country.intro', { country: country.name, price })}</p>
          </div>
        </div>
      </section>
      {sections.map(({ key, packages }) => (
        <section
          key={key}
          className="section"
          aria-labelledby={`packages-${key}`}
          data-testid={`section-${key}`}
        >
          <div className="container">
            <h2 id={`packages-${key}`} className="section__title">
              {t(`country.sections.${key}`, { country: country.name })}
            </h2>
            {packages.length > 0 ? (
              <PackageGrid packages={packages} operatorsIn={country.name} />
            ) : (
              <p>{t('country.none', { country: country.name })}</p>
            )}
          </div>
        </section>
      ))}
      {seo?.body ? (
        <section className="section" aria-label={country.name} data-testid="seo-body">
          <div className="container prose">
            {seo.body.split(/\n\s*\n/).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </section>
      ) : null}
      {loaderData.blogTexts ? (
        <RelatedPosts posts={loaderData.related} texts={loaderData.blogTexts} about={country.name} />
      ) : null}
    </>
  );
}
