import { useTranslation } from 'react-i18next';
import type { OrderPackage } from '../types';

/** The package being bought: plain HTML (server rendered), styled like the catalogue cards. */
export const PackageSummary = ({ pkg, headingId }: { pkg: OrderPackage; headingId: string }) => {
  const { t } = useTranslation();
  const hasOffer = pkg.offerPriceCents !== null && pkg.offerPriceCents < pkg.priceCents;
  return (
    <section className="package-card" aria-labelledby={headingId} data-testid="order-package">
      <div className="package-card__top">
        <h2 id={headingId} className="package-card__title">
          {t('checkout:order.summaryHeading')}
        </h2>
        <span className={`tag tag--${pkg.type}`}>{t(`catalogue.types.${pkg.type}`)}</span>
      </div>
      <p className="package-card__price">
        {hasOffer ? (
          <>
            <span className="visually-hidden">{t('catalogue.offerPrice')}: </span>
            <strong data-testid="order-price">{pkg.formatted.offerPrice}</strong>{' '}
            <s>
              <span className="visually-hidden">{t('catalogue.regularPrice')}: </span>
              {pkg.formatted.price}
            </s>
          </>
        ) : (
          <strong data-testid="order-price">{pkg.formatted.price}</strong>
        )}
      </p>
      <dl className="package-card__facts">
        <div>
          <dt>{t('checkout:order.package')}</dt>
          <dd data-testid="order-package-name">{pkg.name}</dd>
        </div>
        <div>
          <dt>{t('checkout:order.destination')}</dt>
          <dd>{pkg.destination}</dd>
        </div>
        <div>
          <dt>{t('checkout:order.data')}</dt>
          <dd>{pkg.formatted.data ?? t('catalogue.unlimited')}</dd>
        </div>
        <div>
          <dt>{t('checkout:order.validity')}</dt>
          <dd>{pkg.formatted.validity}</dd>
        </div>
        <div>
          <dt>{t('catalogue.network')}</dt>
          <dd>{pkg.networks.join(' / ')}</dd>
        </div>
        {pkg.operators && pkg.operators.length > 0 ? (
          <div>
            <dt>{t('catalogue.operators')}</dt>
            <dd>{pkg.operators.map((o) => `${o.name} (${o.network})`).join(', ')}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('catalogue.activation')}</dt>
          <dd>
            {t(
              pkg.activation === 'on_install'
                ? 'catalogue.activationOnInstall'
                : 'catalogue.activationOnFirstUse',
            )}
          </dd>
        </div>
      </dl>
      {pkg.coverage.length > 0 ? (
        <details className="package-card__coverage">
          <summary>{t('catalogue.showCountries', { count: pkg.coverage.length })}</summary>
          <p>{pkg.coverage.join(', ')}</p>
        </details>
      ) : null}
    </section>
  );
};
