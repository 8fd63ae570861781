import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/empty-state';
import { PageTitle } from '../components/page-title';
import { useSession } from '../lib/session';

/**
 * `/`: every staff role lands here (forbidden screens send them home), though only admin has a Home link.
 * Admin's overview figures come with the orders and statistics issues; until then, a welcome.
 */
export default function DashboardPage() {
  const { t } = useTranslation('admin');
  const { user } = useSession();
  return (
    <>
      <PageTitle>{t('screens.dashboard')}</PageTitle>
      <Text size="lg" mb="lg" data-testid="welcome">
        {t('dashboard.welcome', { name: user?.first_name ?? '' })}
      </Text>
      <EmptyState title={t('dashboard.emptyTitle')} description={t('dashboard.emptyText')} />
    </>
  );
}
