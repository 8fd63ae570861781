import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../components/page-meta';
import { PlainPageLoader } from '../../components/plain-page-loader';
import { PaymentFailed } from '../../features/checkout/components/payment-failed';
import { usePathTexts } from '../../lib/use-lazy-texts';

/** Where the payment provider returns after a declined or cancelled payment. Not indexed. */
export default function PaymentFailedRoute() {
  const { t } = useTranslation();
  // The `checkout` texts (ADR 0075): after a client navigation, a loader until they are there.
  const textsReady = usePathTexts();
  if (!textsReady) return <PlainPageLoader />;
  return (
    <>
      <PageMeta title={t('checkout:failed.title')} description={t('checkout:failed.description')} noIndex />
      <PaymentFailed />
    </>
  );
}
