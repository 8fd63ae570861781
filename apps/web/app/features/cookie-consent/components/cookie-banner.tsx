import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useLocation } from 'react-router';
import { isConsentChoice } from '../../../lib/consent';
import { useIsHydrated } from '../../../lib/use-is-hydrated';
import { useRootData } from '../../../lib/use-root-data';

/**
 * First layer with Accept and Reject side by side, equally prominent. A real form: it works even when it is
 * clicked before the scripts have loaded.
 */
export const CookieBanner = () => {
  const { t } = useTranslation();
  const rootData = useRootData();
  const fetcher = useFetcher<{ choice: string }>();
  const location = useLocation();
  const hydrated = useIsHydrated();
  const pending = fetcher.formData?.get('choice');
  const choice = isConsentChoice(pending) ? pending : (fetcher.data?.choice ?? rootData?.consent);
  // Statistics (ADR 0066): once accepted, each page is counted by the beacon, whose code loads only then (from
  // here, not a component of its own: the site's first load has no bytes to spare). Before, nothing is sent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key changes on every navigation, which is the trigger.
  useEffect(() => {
    if (choice === 'accepted') void import('../../../lib/traffic-beacon').then((m) => m.default());
  }, [choice, location.key]);
  if (choice) return null;

  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title" data-testid="cookie-banner">
      <div className="cookie-banner__panel">
        <h2 className="cookie-banner__title" id="cookie-banner-title">
          {t('cookies.title')}
        </h2>
        <p className="cookie-banner__text">{t('cookies.text')}</p>
        <fetcher.Form method="post" action="/cookie-consent">
          <input type="hidden" name="enhanced" value={hydrated ? '1' : '0'} />
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <div className="cookie-banner__actions">
            <button type="submit" name="choice" value="accepted" className="button">
              {t('cookies.accept')}
            </button>
            <button type="submit" name="choice" value="rejected" className="button">
              {t('cookies.reject')}
            </button>
          </div>
        </fetcher.Form>
      </div>
    </section>
  );
};
