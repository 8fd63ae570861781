import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DashboardPage } from '../../components/dashboard-shell';
import type { AndroidGuide } from '../../components/esim-install';
import { LoadError, Loading } from '../../components/query-status';
import type { HowToConnectContent } from '../../features/content/content-types';
import { useSubscriber } from '../../features/portal/api/get-subscriber';
import { SubscriberDetail } from '../../features/portal/components/subscriber-detail';
import { newEsimForPath } from '../../features/portal/format';
import { getContent } from '../../lib/i18n.server';
import { resolveRequestLocale } from '../../lib/locale';
import type { Route } from './+types/subscriber';

/** The Android steps of the how-to-connect page, in the page language (as on the customer's QR code page). */
export const loader = ({ request, context }: Route.LoaderArgs): { android: AndroidGuide } => {
  const content = getContent<HowToConnectContent>(resolveRequestLocale(request, context), 'howToConnect');
  return { android: { heading: content.android.heading, steps: content.android.steps } };
};

/** One subscriber (issue 11): their eSIMs, current package, data left, actions, and every delivery. */
export default function PortalSubscriberRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { subscriberId = '' } = useParams();
  const detail = useSubscriber(subscriberId);
  const subscriber = detail.data?.subscriber;
  return (
    <DashboardPage
      title={subscriber ? `${subscriber.name} ${subscriber.lastname}` : t('portal:subscribers.detail.title')}
      intro={subscriber ? subscriber.email : undefined}
      actions={
        <>
          {subscriber ? (
            <Button component={Link} to={newEsimForPath(subscriber.id)} data-testid="subscriber-new-esim">
              {t('portal:subscribers.detail.newEsim')}
            </Button>
          ) : null}
          <Button component={Link} to="/portal/subscribers" variant="outline">
            {t('portal:subscribers.detail.backToList')}
          </Button>
        </>
      }
    >
      {detail.isPending ? <Loading /> : null}
      {detail.isError ? <LoadError error={detail.error} onRetry={() => void detail.refetch()} /> : null}
      {detail.data ? <SubscriberDetail detail={detail.data} android={loaderData.android} /> : null}
    </DashboardPage>
  );
}
