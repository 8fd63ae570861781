import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { CampaignLanguages } from '../../features/campaigns/components/campaign-screens';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('campaigns');

/** SPEC section 2 `/campaigns/languages/{id}` (admin and analytics). */
export default function CampaignLanguagesRoute() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  return (
    <>
      <PageTitle>{t('screens.campaignLanguages')}</PageTitle>
      <Paper withBorder radius="md" p="lg">
        <CampaignLanguages id={id} />
      </Paper>
    </>
  );
}
