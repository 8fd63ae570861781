import { useTranslation } from 'react-i18next';
import { ServerRenderedList } from '../../../components/server-rendered-list';
import type { DestinationLinkData } from '../../../lib/package-card';
import { countryPath, regionPath } from '../../../lib/public-pages';
import { CountryFlag } from './country-flag';

/**
 * Links to country and region pages with the lowest price there: plain links (React Router discovers and follows
 * them through the list), so hydration keeps the server's markup (`ServerRenderedList`).
 */
export const DestinationList = ({
  destinations,
  variant = 'list',
  testId,
}: {
  destinations: DestinationLinkData[];
  variant?: 'list' | 'cards';
  testId?: string;
}) => {
  const { t } = useTranslation();
  return (
    <ServerRenderedList
      data={destinations}
      className={`destination-list destination-list--${variant}`}
      data-testid={testId}
      renderItems={() =>
        destinations.map((d) => (
          <li key={`${d.kind}-${d.code}`}>
            <a
              href={d.kind === 'country' ? countryPath(d.code) : regionPath(d.code)}
              data-discover="true"
              className="destination-link"
              data-kind={d.kind}
              data-code={d.code}
            >
              {d.kind === 'country' ? (
                <CountryFlag code={d.code} />
              ) : (
                <span className="region-mark" aria-hidden="true" />
              )}
              <span className="destination-link__text">
                <span className="destination-link__name">{d.name}</span>
                <span className="destination-link__price">
                  {t('catalogue.fromPrice', { price: d.fromPrice })}
                </span>
              </span>
            </a>
          </li>
        ))
      }
    />
  );
};
