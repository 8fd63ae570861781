import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLoggedIn, syncSession } from '../features/auth/api/get-user-profile';
import { DashboardShell } from '../layout/dashboard-shell';
import { useSession } from '../lib/session';

/** Any path that is not a staff route: inside the shell when signed in, on its own otherwise. */
export async function clientLoader() {
  await syncSession();
  return null;
}

export const shouldRevalidate = () => true;

export default function NotFoundPage() {
  const session = useSession();
  const content = <NotFound />;
  return isLoggedIn(session) ? (
    <DashboardShell>{content}</DashboardShell>
  ) : (
    <Center component="main" mih="100vh" p="md">
      {content}
    </Center>
  );
}

const NotFound = () => {
  const { t } = useTranslation('admin');
  const title = t('notFound.title');
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <Stack align="center" py="xl" ta="center" data-testid="not-found">
      <Text fz={48} fw={800} c="accent.7" aria-hidden="true">
        404
      </Text>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="gray.7">{t('notFound.text')}</Text>
      <Button component={Link} to="/">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
};
