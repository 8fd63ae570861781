import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { ShopPage } from '../../features/shops/components/shop-page';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('shops');

/** SPEC section 2 `/clients/all-shops/{shopId}` (admin only). */
export default function Shop() {
  const { t } = useTranslation('admin');
  const { shopId = '' } = useParams();
  return (
    <>
      <PageTitle>{t('screens.clientsShop')}</PageTitle>
      <ShopPage shopId={shopId} />
    </>
  );
}
