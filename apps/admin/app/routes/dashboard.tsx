import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import { DashboardOverview } from '../features/dashboard/components/dashboard-overview';
import { getGuardRole, isAllowed } from '../lib/access';
import { loadArea } from '../lib/i18n';
import { useSession } from '../lib/session';

export const clientLoader = loadArea('dashboard');

/**
 * `/`: every staff role lands here (forbidden screens send them home). Admin and analytics see the business's
 * figures; editors, who work on clients only, a welcome.
 */
export default function DashboardPage() {
  const { t } = useTranslation('admin');
  const { user } = useSession();
  return (
    <>
      <PageTitle>{t('screens.dashboard')}</PageTitle>
      <Text size="lg" mb="lg" data-testid="welcome">
        {t('admin-dashboard:dashboard.welcome', { name: user?.first_name ?? '' })}
      </Text>
      {isAllowed('adminAndAnalytics', getGuardRole(user)) ? <DashboardOverview /> : null}
    </>
  );
}
