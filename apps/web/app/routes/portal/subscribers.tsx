import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DashboardPage } from '../../components/dashboard-shell';
import { SubscribersList } from '../../features/portal/components/subscribers-list';

/** eSIM subscribers (issue 11): search by name, e-mail or ICCID, paging; a name opens the subscriber. */
export default function PortalSubscribersRoute() {
  const { t } = useTranslation();
  return (
    <DashboardPage
      title={t('portal:subscribers.list.title')}
      intro={t('portal:subscribers.list.intro')}
      actions={
        <Button component={Link} to="/portal/new-subscriber" data-testid="new-subscriber">
          {t('portal:shell.nav.newSubscriber')}
        </Button>
      }
    >
      <SubscribersList />
    </DashboardPage>
  );
}
