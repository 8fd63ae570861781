import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMeta } from '../../components/page-meta';
import { DestinationList } from '../../features/catalogue/components/destination-list';
import { DestinationSearch, searchMaxLength } from '../../features/catalogue/components/destination-search';
import { PackageGrid } from '../../features/catalogue/components/package-card';
import { PackageTabs, parsePackageTab } from '../../features/catalogue/components/package-tabs';
import { getProductsJsonLd } from '../../features/catalogue/json-ld';
import { resolveRequestLocale } from '../../lib/locale';
import { toDestinationLink, toPackageCard } from '../../lib/package-card';
import { useRootData } from '../../lib/use-root-data';
import type { Route } from './+types/home';

export const loader = async ({ request, context }: Route.LoaderArgs) => {
  const locale = resolveRequestLocale(request, context);
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').trim().slice(0, searchMaxLength);
  const [countries, regions, globalPackages, highlights, results] = await Promise.all([
    context.site.listDestinations('country', locale),
    context.site.listDestinations('region', locale),
    context.site.listPackages({ type: 'global', page: 1, pageSize: 100 }, locale),
    context.site.highlights(locale),
    q ? context.site.search(q, locale) : null,
  ]);
  // Staff arrange the popular packages (/global-packages/popular-packages): their destinations follow that order.
  const rank = new Map<string, number>();
  for (const [index, p] of highlights.popular.entries()) {
    const key = p.country ? `country:${p.country.code}` : p.region ? `region:${p.region.code}` : null;
    if (key && !rank.has(key)) rank.set(key, index);
  }
  const rankOf = (d: { kind: string; code: string }) =>
    rank.get(`${d.kind}:${d.code}`) ?? Number.MAX_SAFE_INTEGER;
  const popular = [...countries, ...regions].filter((d) => d.popular).sort((a, b) => rankOf(a) - rankOf(b));
  return {
    q,
    tab: parsePackageTab(params.get('tab')),
    results: results?.map((d) => toDestinationLink(d, locale)) ?? null,
    countries: countries.map((d) => toDestinationLink(d, locale)),
    regions: regions.map((d) => toDestinationLink(d, locale)),
    globalPackages: globalPackages.items.map((p) => toPackageCard(p, locale)),
    popular: popular.map((d) => toDestinationLink(d, locale)),
    offers: highlights.offers.map((p) => toPackageCard(p, locale)),
  };
};

const claims = ['seconds', 'countries', 'continents', 'network'] as const;
const steps = ['choose', 'install', 'connect'] as const;

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const siteUrl = root?.siteUrl ?? '';
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: t('brand'),
    url: `${siteUrl}/`,
    logo: `${siteUrl}/favicon.svg`,
    ...(root?.settings
      ? {
          contactPoint: {
            '@type': 'ContactPoint',
            contactType: 'customer support',
            email: root.settings.supportEmail,
            telephone: root.settings.whatsappNumber,
          },
        }
      : {}),
  };
  const products = getProductsJsonLd(t, [...loaderData.globalPackages, ...loaderData.offers], siteUrl);

  return (
    <>
      <PageMeta
        title={t('home.metaTitle')}
        description={t('home.lead')}
        jsonLd={[organization, ...products]}
      />
      <section className="hero" aria-labelledby="home-title">
        <div className="container">
          <h1 id="home-title" className="hero__title">
            {t('home.title')}
          </h1>
          <p className="hero__lead">{t('home.lead')}</p>
          <ul className="hero__claims" data-testid="hero-claims">
            {claims.map((claim) => (
              <li key={claim}>
                <strong>{t(`home.claims.${claim}.value`)}</strong>
                <span>{t(`home.claims.${claim}.label`)}</span>
              </li>
            ))}
          </ul>
          <div className="hero__actions">
            <a href="#packages" className="button button--large">
              {t('home.ctaPackages')}
            </a>
            <Link to="/devices" className="button button--large button--outline">
              {t('home.ctaDevices')}
            </Link>
          </div>
        </div>
      </section>

      <section id="packages" className="section" aria-labelledby="packages-title">
        <div className="container">
          <h2 id="packages-title" className="section__title">
            {t('catalogue.heading')}
          </h2>
          <DestinationSearch initialQuery={loaderData.q} initialResults={loaderData.results} />
          <PackageTabs
            initialTab={loaderData.tab}
            countries={loaderData.countries}
            regions={loaderData.regions}
            globalPackages={loaderData.globalPackages}
          />
        </div>
      </section>

      {loaderData.popular.length > 0 ? (
        <section className="section section--tinted" aria-labelledby="popular-title">
          <div className="container">
            <h2 id="popular-title" className="section__title">
              {t('home.popular')}
            </h2>
            <DestinationList
              destinations={loaderData.popular}
              variant="cards"
              testId="popular-destinations"
            />
          </div>
        </section>
      ) : null}

      {loaderData.offers.length > 0 ? (
        <section className="section" aria-labelledby="offers-title">
          <div className="container">
            <h2 id="offers-title" className="section__title">
              {t('home.offers')}
            </h2>
            <PackageGrid packages={loaderData.offers} />
          </div>
        </section>
      ) : null}

      <section className="section section--tinted" aria-labelledby="how-title">
        <div className="container">
          <h2 id="how-title" className="section__title">
            {t('home.how.title')}
          </h2>
          <ol className="steps">
            {steps.map((step) => (
              <li key={step} className="steps__item">
                <h3>{t(`home.how.${step}.title`)}</h3>
                <p>{t(`home.how.${step}.text`)}</p>
              </li>
            ))}
          </ol>
          <p>
            <Link to="/how-to-connect">{t('home.how.more')}</Link>
          </p>
        </div>
      </section>

      <section className="section" aria-label={t('home.teasersLabel')}>
        <div className="container teasers">
          <article className="teaser">
            <h2>{t('home.devicesTeaser.title')}</h2>
            <p>{t('home.devicesTeaser.text')}</p>
            <Link to="/devices" className="button button--outline">
              {t('home.devicesTeaser.link')}
            </Link>
          </article>
          <article className="teaser">
            <h2>{t('home.faqTeaser.title')}</h2>
            <p>{t('home.faqTeaser.text')}</p>
            <Link to="/faq" className="button button--outline">
              {t('home.faqTeaser.link')}
            </Link>
          </article>
        </div>
      </section>
    </>
  );
}
