import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown when a screen throws: the generic "Something went wrong" (SPEC section 8) and a way back. */
export const ErrorScreen = () => {
  const { t, i18n } = useTranslation('common');
  const ready = i18n.isInitialized && i18n.hasResourceBundle(i18n.language, 'common');
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center">
        <Title order={1} size="h2">
          {ready ? t('errors.INTERNAL') : 'Something went wrong'}
        </Title>
        <Text>{ready ? t('errors.GENERIC') : 'Error. Please try again!'}</Text>
        <Button component="a" href="/">
          {ready ? t('admin:nav.links.home') : 'Home'}
        </Button>
      </Stack>
    </Center>
  );
};
