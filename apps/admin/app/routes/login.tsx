import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoginForm } from '../features/auth/components/login-form';
import { AppHeader } from '../layout/app-header';

export default function LoginPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const title = t('login.title');
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);

  return (
    <Box mih="100vh" bg="gray.0">
      <Box
        component="header"
        h={64}
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <AppHeader navOpened={false} onToggleNav={() => undefined} showUserMenu={false} />
      </Box>
      <Center component="main" p="md" mih="calc(100vh - 64px)">
        <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
          <Stack gap="lg">
            <div>
              <Title order={1} size="h2">
                {title}
              </Title>
              <Text c="gray.7" mt={4}>
                {t('login.subtitle')}
              </Text>
            </div>
            <LoginForm onLoggedIn={() => void navigate('/', { replace: true })} />
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
