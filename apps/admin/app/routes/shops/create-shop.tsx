import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { CreateShopForm } from '../../features/shops/components/create-shop-form';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('shops');

/** SPEC section 2 `/staff/create-shop` (admin only). */
export default function CreateShop() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageTitle>{t('screens.staffCreateShop')}</PageTitle>
      <Paper withBorder radius="md" p="lg" maw={640}>
        <CreateShopForm />
      </Paper>
    </>
  );
}
