import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../features/auth/api/logout';
import { useSession } from '../../lib/session';

/** The shop user's landing page; portal cards (orders, users, credits, packages) come later. */
export default function PortalHomeRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const logout = useLogout();
  if (!user) return null;
  return (
    <Container size="sm" py="xl">
      <title>{`${t('portal.title')} · ${t('brand')}`}</title>
      <Title order={1}>{t('portal.greeting', { name: user.first_name })}</Title>
      <Paper withBorder p="lg" radius="md" mt="lg">
        <Stack gap="xs">
          {user.shop ? (
            <Text>
              <strong>{t('common:fields.shopName')}:</strong>{' '}
              <span data-testid="portal-shop">{user.shop.name}</span>
            </Text>
          ) : null}
          <Text>
            <strong>{t('common:fields.email')}:</strong> {user.email}
          </Text>
        </Stack>
      </Paper>
      <Button mt="lg" variant="outline" onClick={() => void logout()} data-testid="portal-logout">
        {t('nav.logout')}
      </Button>
    </Container>
  );
}
