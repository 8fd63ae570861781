import { useTranslation } from 'react-i18next';
import { IntentLink } from '../../../components/intent-link';
import { getPackageTitle, type PackageCardData } from '../../../lib/package-card';
import { orderPath, orderRoute } from '../../../lib/public-pages';

type PackageCardProps = {
  pkg: PackageCardData;
  /** Heading level inside the page outline. */
  headingLevel?: 2 | 3;
  /** The country the page is about: names the operators' country. */
  operatorsIn?: string;
};

/** One data package: amount, validity, price, networks (and operators), coverage and the way to buy it. */
export const PackageCard = ({ pkg, headingLevel = 3, operatorsIn }: PackageCardProps) => {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const hasOffer = pkg.offerPriceCents !== null && pkg.offerPriceCents < pkg.priceCents;
  return (
    <article className="package-card" data-testid="package-card" data-type={pkg.type} data-slug={pkg.slug}>
      <div className="package-card__top">
        <p className="package-card__destination">{pkg.destination}</p>
        <span className={`tag tag--${pkg.type}`}>{t(`catalogue.types.${pkg.type}`)}</span>
      </div>
      <Heading className="package-card__title">
        {pkg.formatted.data ?? t('catalogue.unlimited')} · {pkg.formatted.validity}
      </Heading>
      <p className="package-card__price">
        {hasOffer ? (
          <>
            <span className="visually-hidden">{t('catalogue.offerPrice')}: </span>
            <strong>{pkg.formatted.offerPrice}</strong>{' '}
            <s>
              <span className="visually-hidden">{t('catalogue.regularPrice')}: </span>
              {pkg.formatted.price}
            </s>
          </>
        ) : (
          <strong>{pkg.formatted.price}</strong>
        )}
      </p>
      <dl className="package-card__facts">
        <div>
          <dt>{t('catalogue.network')}</dt>
          <dd>{pkg.networks.join(' / ')}</dd>
        </div>
        {pkg.operators && pkg.operators.length > 0 ? (
          <div>
            <dt>
              {operatorsIn ? t('catalogue.operatorsIn', { country: operatorsIn }) : t('catalogue.operators')}
            </dt>
            <dd data-testid="package-operators">
              {pkg.operators.map((o) => `${o.name} (${o.network})`).join(', ')}
            </dd>
          </div>
        ) : null}
        {pkg.type !== 'local' ? (
          <div>
            <dt>{t('catalogue.coverage')}</dt>
            <dd>{t('catalogue.countryCount', { count: pkg.countryCount })}</dd>
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
        {pkg.topUpAllowed ? (
          <div>
            <dt>{t('catalogue.topUp')}</dt>
            <dd>{t('catalogue.topUpAllowed')}</dd>
          </div>
        ) : null}
      </dl>
      {pkg.coverage && pkg.coverage.length > 0 ? (
        <details className="package-card__coverage">
          <summary>{t('catalogue.showCountries', { count: pkg.coverage.length })}</summary>
          <p>{pkg.coverage.join(', ')}</p>
        </details>
      ) : null}
      {/* Intent (pointer over it or focus for 100 ms): the order page's chunks start loading before the click. */}
      <IntentLink
        to={orderPath(pkg.slug)}
        route={orderRoute}
        className="button package-card__buy"
        data-testid="buy-link"
      >
        {t('catalogue.buy')}
        <span className="visually-hidden"> {getPackageTitle(t, pkg)}</span>
      </IntentLink>
    </article>
  );
};

export const PackageGrid = ({
  packages,
  headingLevel,
  operatorsIn,
}: {
  packages: PackageCardData[];
  headingLevel?: 2 | 3;
  operatorsIn?: string;
}) => (
  <ul className="package-grid">
    {packages.map((pkg) => (
      <li key={pkg.slug}>
        <PackageCard
          pkg={pkg}
          {...(headingLevel ? { headingLevel } : {})}
          {...(operatorsIn ? { operatorsIn } : {})}
        />
      </li>
    ))}
  </ul>
);
