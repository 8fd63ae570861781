import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../components/list-screen';
import { campaignsList } from '../../features/campaigns/campaigns-list';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('campaigns');

/** SPEC section 2 `/campaigns/all` (admin and analytics). */
export default function CampaignsAll() {
  const { t } = useTranslation('admin-campaigns');
  return (
    <ListScreen
      list={campaignsList}
      title="screens.campaignsAll"
      create={{
        to: '/campaigns/create',
        label: t('campaigns.form.create'),
        'data-testid': 'campaign-create-link',
      }}
    />
  );
}
