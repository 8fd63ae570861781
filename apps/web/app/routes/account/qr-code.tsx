import { useTranslation } from 'react-i18next';
import { DashboardPage } from '../../components/dashboard-shell';
import type { AndroidGuide } from '../../components/esim-install';
import { Notice } from '../../components/query-status';
import { UsableEsimScope } from '../../features/account/components/esim-picker';
import { EsimQrCode } from '../../features/account/components/esim-qr-code';
import type { HowToConnectContent } from '../../features/content/content-types';
import { getContent } from '../../lib/i18n.server';
import { resolveRequestLocale } from '../../lib/locale';
import type { Route } from './+types/qr-code';

/** The Android steps of the how-to-connect page, in the page language (as on the payment success page). */
export const loader = ({ request, context }: Route.LoaderArgs): { android: AndroidGuide } => {
  const content = getContent<HowToConnectContent>(resolveRequestLocale(request, context), 'howToConnect');
  return { android: { heading: content.android.heading, steps: content.android.steps } };
};

/**
 * QR code: for a working eSIM its QR code, manual details and one-tap link, with the reinstalls used; one eSIM
 * at a time (a choice when there are several). SPEC section 8's sentence when there is none.
 */
export default function AccountQrCodeRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <DashboardPage title={t('account:qr.title')} intro={t('account:qr.intro')}>
      <UsableEsimScope
        action="install"
        legend={t('account:qr.chooseEsim')}
        empty={<Notice testId="no-qr-code">{t('account:qr.none')}</Notice>}
      >
        {(selected) => <EsimQrCode key={selected.id} esim={selected} android={loaderData.android} />}
      </UsableEsimScope>
    </DashboardPage>
  );
}
