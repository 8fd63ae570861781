import { Anchor, Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';

const screens = [
  { id: 'settingsGeneral', path: '/settings/general-options' },
  { id: 'settingsEsimsToBeFreed', path: '/settings/esims-to-be-free' },
  { id: 'settingsFreedEsims', path: '/settings/freed-esims' },
  { id: 'settingsPrivacyPolicy', path: '/settings/privacy-policy' },
  { id: 'settingsTerms', path: '/settings/terms-and-conditions' },
] as const;

/** `/settings` (admin only): the settings screens, each with what it holds. */
export const SettingsIndex = () => {
  const { t } = useTranslation(['admin-settings', 'admin']);
  return (
    <>
      <PageTitle>{t('admin:screens.settings')}</PageTitle>
      <SimpleGrid cols={{ base: 1, sm: 2 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
        {screens.map((screen) => (
          <Paper key={screen.id} component="li" withBorder radius="md" p="md">
            <Anchor component={Link} to={screen.path} fw={600} c="accent.7" td="underline">
              {t(`admin:screens.${screen.id}`)}
            </Anchor>
            <Text size="sm" c="dark.6" mt={4}>
              {t(`index.${screen.id}`)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </>
  );
};
