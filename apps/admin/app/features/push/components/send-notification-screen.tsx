import { Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { pushNotificationsList } from '../push-notifications-list';
import { SendNotificationForm } from './send-notification-form';

/** `/mobile/send-notification`: compose a push message above its history with delivery counts. */
export const SendNotificationScreen = () => {
  const { t } = useTranslation('admin-push');
  return (
    <ListScreen
      list={pushNotificationsList}
      title="screens.sendNotification"
      before={
        <>
          <Paper
            withBorder
            radius="md"
            p="lg"
            maw={760}
            mb="xl"
            component="section"
            aria-labelledby="compose-heading"
          >
            <Title order={2} size="h3" id="compose-heading" mb="md">
              {t('compose.heading')}
            </Title>
            <SendNotificationForm />
          </Paper>
          <Title order={2} size="h3" mb="sm">
            {t('history.heading')}
          </Title>
        </>
      }
    />
  );
};
