import { defaultLocale, isLocale } from '@esim/contracts/locales';
import { preloadRouteCode } from '@esim/ui/preload-route-code';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { createClientI18n } from './lib/i18n.client';
import { noteReferral } from './lib/referral';

// A partner's ?ref= code: held in memory for this tab; stored only once the visitor accepts (ADR 0086).
noteReferral(new URL(window.location.href));

const instrumentations = [preloadRouteCode()];

const hydrate = async () => {
  // Hydrate in the language the server rendered (root.tsx writes it to <html data-locale>), so the first
  // client render matches; the saved choice or the country lookup switch it afterwards.
  const rendered = document.documentElement.dataset.locale;
  const i18n = await createClientI18n(isLocale(rendered) ? rendered : defaultLocale);
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18n}>
        <StrictMode>
          {/* A page change renders in one piece (no transition): with a transition the address changed first
              and the old page stayed on screen, taking clicks and typing, while the new one rendered. A page's
              code is fetched in one wave (preloadRouteCode). */}
          <HydratedRouter useTransitions={false} instrumentations={instrumentations} />
        </StrictMode>
      </I18nextProvider>,
    );
  });
};

void hydrate();
