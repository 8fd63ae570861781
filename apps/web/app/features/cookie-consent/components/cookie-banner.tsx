import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useLocation } from 'react-router';
import { isConsentChoice } from '../../../lib/consent';
import { useIsHydrated } from '../../../lib/use-is-hydrated';
import { useRootData } from '../../../lib/use-root-data';

/** Whether this page load's beacon was started (so a withdrawal stops it without loading it otherwise). */
let counting = false;

/**
 * First layer with Accept and Reject side by side, equally prominent. A real form: it works even when it is
 * clicked before the scripts have loaded. The footer's "Cookie settings" (`?cookie-settings`) shows it again
 * until a choice is made (ADR 0086).
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
  // A withdrawal stops a running beacon at once: its queue dropped, the visit forgotten (ADR 0086).
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key changes on every navigation, which is the trigger.
  useEffect(() => {
    const on = choice === 'accepted';
    if (on || counting) void import('../../../lib/traffic-beacon').then((m) => m.default(on));
    counting = on;
  }, [choice, location.key]);
  if (choice && (fetcher.data || pending || !location.search.includes('cookie-settings'))) return null;

  return (
    <section
      className="cookie-banner"
      id="cookie-banner"
      aria-labelledby="cookie-banner-title"
      data-testid="cookie-banner"
    >
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
