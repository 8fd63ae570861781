import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { CampaignOrders } from '../../features/campaigns/components/campaign-screens';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('campaigns');

/** SPEC section 2 `/campaigns/orders/{id}` (admin and analytics). */
export default function CampaignOrdersRoute() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  return (
    <>
      <PageTitle>{t('screens.campaignOrders')}</PageTitle>
      <Paper withBorder radius="md" p="lg">
        <CampaignOrders id={id} />
      </Paper>
    </>
  );
}
