import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { ShopReportPage } from '../../features/finance/components/shop-report-page';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('finance');

/** SPEC section 2 `/finance/raporte-shop/{shopId}` (admin only): one shop's report with its ledger lines. */
export default function ShopReport() {
  const { t } = useTranslation('admin');
  const { shopId = '' } = useParams();
  return (
    <>
      <PageTitle>{t('screens.financeShopReport')}</PageTitle>
      <ShopReportPage shopId={shopId} />
    </>
  );
}
