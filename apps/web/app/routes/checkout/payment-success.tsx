import { useTranslation } from 'react-i18next';
import type { AndroidGuide } from '../../components/esim-install';
import { PageMeta } from '../../components/page-meta';
import { PlainPageLoader } from '../../components/plain-page-loader';
import { QueryProvider } from '../../components/query-provider';
import { UiKitProvider } from '../../components/ui-kit-provider';
import { PaymentSuccess } from '../../features/checkout/components/payment-success';
import type { HowToConnectContent } from '../../features/content/content-types';
import { getContent, getPageTexts } from '../../lib/i18n.server';
import { resolveRequestLocale } from '../../lib/locale';
import { usePathTexts } from '../../lib/use-lazy-texts';
import { usePageTexts } from '../../lib/use-page-texts';
import type { Route } from './+types/payment-success';

/**
 * The Android steps of the how-to-connect page, in the page language (the `content` texts stay on the server), and
 * the gift words a gift eSIM's receipt uses (ADR 0044).
 */
export const loader = ({ request, context }: Route.LoaderArgs) => {
  const locale = resolveRequestLocale(request, context);
  const content = getContent<HowToConnectContent>(locale, 'howToConnect');
  const android: AndroidGuide = { heading: content.android.heading, steps: content.android.steps };
  return { android, giftTexts: getPageTexts(locale, 'gifts') };
};

/** Where the payment provider returns after a payment: the outcome, then the eSIM QR code. Not indexed. */
export default function PaymentSuccessRoute({ loaderData }: Route.ComponentProps) {
  usePageTexts('gifts', loaderData.giftTexts);
  const { t } = useTranslation();
  // The `checkout` texts (ADR 0075): after a client navigation, a loader until they are there.
  const textsReady = usePathTexts();
  if (!textsReady) return <PlainPageLoader />;
  return (
    <>
      <PageMeta title={t('checkout:success.title')} description={t('checkout:success.description')} noIndex />
      <UiKitProvider>
        <QueryProvider>
          <PaymentSuccess android={loaderData.android} />
        </QueryProvider>
      </UiKitProvider>
    </>
  );
}
