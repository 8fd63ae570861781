import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../features/auth/api/logout';
import { useSession } from '../../lib/session';

/** The customer's landing page (SPEC link target /profile); the dashboard grows here. */
export default function ProfileRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const logout = useLogout();
  if (!user) return null;
  return (
    <Container size="sm" py="xl">
      <title>{`${t('account.title')} · ${t('brand')}`}</title>
      <Title order={1}>{t('account.greeting', { name: user.first_name })}</Title>
      <Paper withBorder p="lg" radius="md" mt="lg">
        <Stack gap="xs">
          <Text>
            <strong>{t('common:fields.fullName')}:</strong>{' '}
            <span data-testid="profile-name">{`${user.first_name} ${user.last_name}`}</span>
          </Text>
          <Text>
            <strong>{t('common:fields.email')}:</strong> <span data-testid="profile-email">{user.email}</span>
          </Text>
          {user.phone ? (
            <Text>
              <strong>{t('common:fields.phoneNumber')}:</strong> <span dir="ltr">{user.phone}</span>
            </Text>
          ) : null}
        </Stack>
      </Paper>
      <Button mt="lg" variant="outline" onClick={() => void logout()} data-testid="profile-logout">
        {t('nav.logout')}
      </Button>
    </Container>
  );
}
