import { useTranslation } from 'react-i18next';
import type { AndroidGuide } from '../../components/esim-install';
import { PageMeta } from '../../components/page-meta';
import { QueryProvider } from '../../components/query-provider';
import { UiKitProvider } from '../../components/ui-kit-provider';
import { PaymentSuccess } from '../../features/checkout/components/payment-success';
import type { HowToConnectContent } from '../../features/content/content-types';
import { getContent } from '../../lib/i18n.server';
import { resolveRequestLocale } from '../../lib/locale';
import type { Route } from './+types/payment-success';

/** The Android steps of the how-to-connect page, in the page language (the `content` texts stay on the server). */
export const loader = ({ request, context }: Route.LoaderArgs): { android: AndroidGuide } => {
  const content = getContent<HowToConnectContent>(resolveRequestLocale(request, context), 'howToConnect');
  return { android: { heading: content.android.heading, steps: content.android.steps } };
};

/** Where the payment provider returns after a payment: the outcome, then the eSIM QR code. Not indexed. */
export default function PaymentSuccessRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={t('checkout.success.title')} description={t('checkout.success.description')} noIndex />
      <UiKitProvider>
        <QueryProvider>
          <PaymentSuccess android={loaderData.android} />
        </QueryProvider>
      </UiKitProvider>
    </>
  );
}
