import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AppHeader } from './app-header';

/** A signed-out page (login, set password): the header and one centred card with a title. */
export const GuestPage = ({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) => {
  const { t } = useTranslation('admin');
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
                {subtitle}
              </Text>
            </div>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
};
