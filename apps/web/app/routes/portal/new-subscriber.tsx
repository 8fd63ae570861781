import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { DashboardPage } from '../../components/dashboard-shell';
import type { AndroidGuide } from '../../components/esim-install';
import { listPhoneCountries } from '../../features/checkout/phone-countries';
import type { HowToConnectContent } from '../../features/content/content-types';
import { SubscriberWizard, type WizardMode } from '../../features/portal/components/subscriber-wizard';
import { getContent } from '../../lib/i18n.server';
import { resolveRequestLocale } from '../../lib/locale';
import type { Route } from './+types/new-subscriber';

/** Country names for the subscriber's country and the Android install steps, in the page language. */
export const loader = ({ request, context }: Route.LoaderArgs) => {
  const locale = resolveRequestLocale(request, context);
  const content = getContent<HowToConnectContent>(locale, 'howToConnect');
  const android: AndroidGuide = { heading: content.android.heading, steps: content.android.steps };
  return { android, countries: listPhoneCountries(locale).map(({ code, name }) => ({ code, name })) };
};

const modeOf = (value: string | null, esim: string | null): WizardMode =>
  esim && (value === 'refill' || value === 'change') ? value : 'new';

/**
 * New subscriber (SPEC section 4), and the same wizard on an existing eSIM: `?mode=refill&esim=<id>` (refill
 * subscriber) or `?mode=change&esim=<id>` (change eSIM). `?package=<slug>` preselects a package; after finish
 * `?order=<id>` keeps the last step on reload.
 */
export default function PortalNewSubscriberRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const esim = params.get('esim');
  const order = params.get('order');
  const requested = params.get('mode');
  const mode: WizardMode =
    order && (requested === 'refill' || requested === 'change') ? requested : modeOf(requested, esim);
  return (
    <DashboardPage
      title={t(`portal:subscribers.wizard.titles.${mode}`)}
      intro={t(`portal:subscribers.wizard.intros.${mode}`)}
    >
      <SubscriberWizard
        key={location.key}
        mode={mode}
        esimId={esim}
        presetSlug={params.get('package')}
        orderId={order}
        presetSubscriberId={params.get('subscriber')}
        countries={loaderData.countries}
        android={loaderData.android}
      />
    </DashboardPage>
  );
}
