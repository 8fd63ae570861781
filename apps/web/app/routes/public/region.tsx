import type { Operator } from '@esim/contracts';
import { salePriceCents } from '@esim/contracts/price';
import { formatPrice } from '@esim/ui/format';
import { useTranslation } from 'react-i18next';
import { data, Link, redirect } from 'react-router';
import { PageMeta } from '../../components/page-meta';
import { CountryFlag } from '../../features/catalogue/components/country-flag';
import { PackageGrid } from '../../features/catalogue/components/package-card';
import { getProductsJsonLd } from '../../features/catalogue/json-ld';
import { resolveRequestLocale } from '../../lib/locale';
import type { NextPageHandle } from '../../lib/next-page';
import { toPackageCard } from '../../lib/package-card';
import { countryPath, purchaseRoutes, regionPath } from '../../lib/public-pages';
import { useRootData } from '../../lib/use-root-data';
import type { Route } from './+types/region';

/** Its buy buttons lead to the order page: its route comes with this page, so a buy click discovers nothing. */
export const handle: NextPageHandle = { nextPages: purchaseRoutes };

export const loader = async ({ request, params, context }: Route.LoaderArgs) => {
  if (!/^[a-z][a-z-]{1,40}$/i.test(params.code)) throw data(null, { status: 404 });
  const url = new URL(request.url);
  if (params.code !== params.code.toLowerCase())
    throw redirect(`${regionPath(params.code)}${url.search}`, 301);
  const locale = resolveRequestLocale(request, context);
  const page = await context.site.getRegionPage(params.code, locale);
  // The operators and networks per country, over all of the region's packages.
  const operators = new Map<string, Map<string, Operator>>();
  const coverageBySlug = new Map<string, string[]>();
  for (const pkg of page.packages) {
    const detail = await context.site.getPackage(pkg.slug, locale);
    coverageBySlug.set(
      pkg.slug,
      detail.coverage.map((c) => c.country.name).sort((a, b) => a.localeCompare(b)),
    );
    for (const c of detail.coverage) {
      const known = operators.get(c.country.code) ?? new Map<string, Operator>();
      for (const o of c.operators) known.set(o.name, o);
      operators.set(c.country.code, known);
    }
  }
  return {
    // Staff-written texts (issue 32) replace the page's own words where written in this language.
    seo: await context.site.getSeoText('region', page.region.code, locale),
    region: { code: page.region.code, name: page.region.name },
    countries: page.region.countries
      .map((c) => ({ ...c, operators: [...(operators.get(c.code)?.values() ?? [])] }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    fromPrice:
      page.packages.length > 0
        ? formatPrice(Math.min(...page.packages.map((p) => salePriceCents(p))), locale)
        : '',
    packages: page.packages.map((pkg) => ({
      ...toPackageCard(pkg, locale),
      coverage: coverageBySlug.get(pkg.slug) ?? [],
    })),
  };
};

export default function RegionRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const siteUrl = useRootData()?.siteUrl ?? '';
  const { region, countries, seo } = loaderData;
  const price = loaderData.fromPrice;
  return (
    <>
      <PageMeta
        title={seo?.title ?? t('region.title', { region: region.name })}
        description={
          seo?.description ?? t('region.description', { region: region.name, count: countries.length, price })
        }
        jsonLd={getProductsJsonLd(t, loaderData.packages, siteUrl)}
      />
      <section className="page-hero" aria-labelledby="region-title">
        <div className="container">
          <h1 id="region-title" data-testid="region-title">
            {seo?.heading ?? t('region.heading', { region: region.name })}
          </h1>
          <p className="page-hero__lead">
            {t('region.intro', { region: region.name, count: countries.length, price })}
          </p>
        </div>
      </section>
      <section className="section" aria-labelledby="region-packages">
        <div className="container">
          <h2 id="region-packages" className="section__title">
            {t('region.packages', { region: region.name })}
          </h2>
          {loaderData.packages.length > 0 ? (
            <PackageGrid packages={loaderData.packages} />
          ) : (
            <p>{t('region.none')}</p>
          )}
        </div>
      </section>
      {seo?.body ? (
        <section className="section" aria-label={region.name} data-testid="seo-body">
          <div className="container prose">
            {seo.body.split(/\n\s*\n/).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </section>
      ) : null}
      <section className="section section--tinted section--laid-out" aria-labelledby="region-countries">
        <div className="container">
          <h2 id="region-countries" className="section__title">
            {t('region.countries', { count: countries.length })}
          </h2>
          <div className="table-scroll">
            <table className="coverage-table" data-testid="region-countries">
              <thead>
                <tr>
                  <th scope="col">{t('region.country')}</th>
                  <th scope="col">{t('catalogue.operators')}</th>
                </tr>
              </thead>
              <tbody>
                {countries.map((c) => (
                  <tr key={c.code}>
                    <th scope="row">
                      <Link to={countryPath(c.code)} className="coverage-table__country">
                        <CountryFlag code={c.code} size={20} />
                        {c.name}
                      </Link>
                    </th>
                    <td>{c.operators.map((o) => `${o.name} (${o.network})`).join(', ') || '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>
    </>
  );
}
