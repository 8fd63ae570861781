import { accentColor } from '@esim/ui/theme';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The product mark: a SIM card in the accent colour, and the name. Decorative: the link around it is named. */
export const Logo = () => {
  const { t } = useTranslation('admin');
  return (
    <Group gap={8} wrap="nowrap" aria-hidden="true">
      <svg width="28" height="32" viewBox="0 0 28 32" role="presentation">
        <path d="M4 0h14l10 10v18a4 4 0 0 1-4 4H4a4 4 0 0 1-4-4V4a4 4 0 0 1 4-4z" fill={accentColor} />
        <rect x="7" y="13" width="14" height="12" rx="2" fill="#fff" />
        <path d="M11 13v12M17 13v12M7 19h14" stroke={accentColor} strokeWidth="1.5" />
      </svg>
      <Text component="span" fw={800} fz="lg" c="dark.8">
        eSIM
      </Text>
      <Text component="span" fw={500} fz="sm" c="gray.7">
        {t('app.area')}
      </Text>
    </Group>
  );
};
