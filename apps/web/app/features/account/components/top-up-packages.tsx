import type { CustomerEsim } from '@esim/contracts';
import { isApiError } from '@esim/ui/api-client';
import { describeError } from '@esim/ui/describe-error';
import { Button, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading, Notice } from '../../../components/query-status';
import { getPackageTitle, toPackageCard } from '../../../lib/package-card';
import { useLocale } from '../../../lib/use-locale';
import { usePageRestore } from '../../../lib/use-page-restore';
import { createTopUp } from '../api/create-top-up';
import { useTopUpPackages } from '../api/get-top-up-packages';

/**
 * Buy package (issue 5): only the packages that fit the chosen eSIM, each with its pay button (no activation
 * fact: a top-up starts on the eSIM already there, when the package before it ends). Paying creates
 * the order and leaves for the card page; every button stays disabled from the first click until the page is
 * left (or shown again from the back/forward cache), so one click makes one order.
 */
export const TopUpPackages = ({ esim }: { esim: CustomerEsim }) => {
  const { t } = useTranslation();
  const locale = useLocale();
  const packages = useTopUpPackages(esim.id, locale);
  const [leaving, setLeaving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submitting = useRef(false);

  usePageRestore(() => {
    submitting.current = false;
    setLeaving(null);
  });

  const buy = async (packageSlug: string, expectedTotalCents: number) => {
    if (submitting.current) return;
    submitting.current = true;
    setLeaving(packageSlug);
    setError(null);
    try {
      const order = await createTopUp({ esimId: esim.id, packageSlug, expectedTotalCents });
      window.location.assign(order.checkoutUrl);
    } catch (failure) {
      submitting.current = false;
      setLeaving(null);
      setError(describeError(t, failure));
      // Repriced since the list was shown: the message names the new price, the list shows it (ADR 0093).
      if (isApiError(failure) && failure.code === 'PRICE_CHANGED') void packages.refetch();
    }
  };

  if (packages.isPending) return <Loading />;
  if (packages.isError) return <LoadError error={packages.error} onRetry={() => void packages.refetch()} />;
  if (packages.data.length === 0) return <Notice testId="no-top-ups">{t('account:buyPackage.none')}</Notice>;

  const cards = packages.data.map((pkg) => toPackageCard(pkg, locale));
  return (
    <div aria-busy={leaving !== null}>
      <div aria-live="polite" style={{ marginBottom: 12 }}>
        {error ? (
          <Notice tone="error" testId="top-up-error">
            {error}
          </Notice>
        ) : leaving ? (
          <Text size="sm">{t('account:redirecting')}</Text>
        ) : null}
      </div>
      <ul className="package-grid" data-testid="top-up-packages">
        {cards.map((pkg) => {
          const price = pkg.formatted.offerPrice ?? pkg.formatted.price;
          const hasOffer = pkg.offerPriceCents !== null && pkg.offerPriceCents < pkg.priceCents;
          return (
            <li key={pkg.slug}>
              <article className="package-card" data-testid="top-up-package" data-slug={pkg.slug}>
                <div className="package-card__top">
                  <p className="package-card__destination">{pkg.destination}</p>
                  <span className={`tag tag--${pkg.type}`}>{t(`catalogue.types.${pkg.type}`)}</span>
                </div>
                <h3 className="package-card__title">
                  {pkg.formatted.data ?? t('catalogue.unlimited')} · {pkg.formatted.validity}
                </h3>
                <p className="package-card__price">
                  <strong>{price}</strong>
                  {hasOffer ? (
                    <s>
                      <span className="visually-hidden">{t('catalogue.regularPrice')}: </span>
                      {pkg.formatted.price}
                    </s>
                  ) : null}
                </p>
                <dl className="package-card__facts">
                  <div>
                    <dt>{t('catalogue.network')}</dt>
                    <dd>{pkg.networks.join(' / ')}</dd>
                  </div>
                </dl>
                <Button
                  className="package-card__buy"
                  loading={leaving === pkg.slug}
                  disabled={leaving !== null}
                  onClick={() => void buy(pkg.slug, pkg.offerPriceCents ?? pkg.priceCents)}
                  data-testid="top-up-pay"
                >
                  {t('account:buyPackage.pay', { price })}
                  <span className="visually-hidden"> {getPackageTitle(t, pkg)}</span>
                </Button>
              </article>
            </li>
          );
        })}
      </ul>
    </div>
  );
};
