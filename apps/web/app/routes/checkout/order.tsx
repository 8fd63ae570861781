import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../components/page-meta';
import { PlainPageLoader } from '../../components/plain-page-loader';
import { PrefetchNextPage } from '../../components/prefetch-next-page';
import { OrderForm } from '../../features/checkout/components/order-form';
import { PackageSummary } from '../../features/checkout/components/package-summary';
import { listPhoneCountries } from '../../features/checkout/phone-countries';
import { toOrderPackage } from '../../features/checkout/types';
import { PageIntro } from '../../features/content/components/page-intro';
import { getPageTexts } from '../../lib/i18n.server';
import { resolveRequestLocale } from '../../lib/locale';
import type { NextPageHandle } from '../../lib/next-page';
import { getPackageTitle } from '../../lib/package-card';
import { paymentReturnRoute } from '../../lib/public-pages';
import { usePathTexts } from '../../lib/use-lazy-texts';
import { usePageTexts } from '../../lib/use-page-texts';
import type { Route } from './+types/order';

/**
 * The package (an unknown or withdrawn slug answers 404), the phone input's countries in the page language, and a
 * human-check challenge, so the form solves it without a round trip of its own (createHumanProofInAdvance).
 */
export const loader = async ({ request, params, context }: Route.LoaderArgs) => {
  const locale = resolveRequestLocale(request, context);
  const [pkg, humanChallenge, seo] = await Promise.all([
    context.site.getPackage(params.slug, locale),
    context.site.humanChallenge(),
    // A global package's staff-written texts (issue 32): its page is this one.
    context.site.getSeoText('package', params.slug, locale),
  ]);
  return {
    seo,
    pkg: toOrderPackage(pkg, locale),
    countries: listPhoneCountries(locale),
    humanChallenge,
    // The gift-card code field's words (ADR 0040), with the data rather than in the site's first load.
    giftTexts: getPageTexts(locale, 'gifts'),
  };
};

/** The payment return page comes next: its route is listed with a first load, so its code is prefetched at once. */
export const handle: NextPageHandle = { nextPages: [paymentReturnRoute] };

/** The page carries a challenge that can be spent once: never from a shared cache. */
export const headers = () => ({ 'Cache-Control': 'private, no-cache' });

/** The order page (SPEC section 2): the package, then full name, e-mail, phone and pay. Not indexed. */
export default function OrderRoute({ loaderData }: Route.ComponentProps) {
  usePageTexts('gifts', loaderData.giftTexts);
  const { t } = useTranslation();
  // The page's words are the `checkout` texts (ADR 0075): after a client navigation, a loader until they are there.
  const textsReady = usePathTexts();
  const { pkg, countries, humanChallenge, seo } = loaderData;
  const title = t('checkout:order.title', { package: getPackageTitle(t, pkg) });
  if (!textsReady) return <PlainPageLoader />;
  return (
    <>
      <PageMeta
        title={seo?.title ?? title}
        description={seo?.description ?? t('checkout:order.description')}
        noIndex
      />
      <PageIntro id="order-title" heading={seo?.heading ?? title} intro={t('checkout:order.intro')}>
        {seo?.body ? seo.body.split(/\n\s*\n/).map((paragraph) => <p key={paragraph}>{paragraph}</p>) : null}
      </PageIntro>
      <div className="container form-layout">
        {/* min-width 0: the phone input's country list must not widen the one-column layout on phones. */}
        <section className="form-card" aria-labelledby="order-details" style={{ minWidth: 0 }}>
          <h2 id="order-details" style={{ marginTop: 0, fontSize: '1.2rem' }}>
            {t('checkout:order.detailsHeading')}
          </h2>
          <OrderForm
            packageSlug={pkg.slug}
            priceCents={pkg.offerPriceCents ?? pkg.priceCents}
            price={pkg.formatted.offerPrice ?? pkg.formatted.price}
            countries={countries}
            humanChallenge={humanChallenge}
          />
        </section>
        <aside style={{ minWidth: 0 }}>
          <PackageSummary pkg={pkg} headingId="order-package" />
        </aside>
      </div>
      {/* The card page is plain HTML; the payment return page is next and needs its chunks. */}
      <PrefetchNextPage page="/payment/success" />
    </>
  );
}
