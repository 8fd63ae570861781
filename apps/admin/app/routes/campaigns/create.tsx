import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../components/page-title';
import { CampaignForm } from '../../features/campaigns/components/campaign-form';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('campaigns');

/** SPEC section 2 `/campaigns/create` (admin and analytics). */
export default function CampaignsCreateRoute() {
  const { t } = useTranslation('admin');

  return (
    <>
      <PageTitle>{t('screens.campaignsCreate')}</PageTitle>
      <Paper withBorder radius="md" p="lg">
        <CampaignForm />
      </Paper>
    </>
  );
}
