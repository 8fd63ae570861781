import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../components/page-meta';
import { PaymentFailed } from '../../features/checkout/components/payment-failed';

/** Where the payment provider returns after a declined or cancelled payment. Not indexed. */
export default function PaymentFailedRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={t('checkout.failed.title')} description={t('checkout.failed.description')} noIndex />
      <PaymentFailed />
    </>
  );
}
