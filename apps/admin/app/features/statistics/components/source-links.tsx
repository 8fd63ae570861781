import type { TrafficRow } from '@esim/contracts/staff';
import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Each source of a table opens its own page (its campaigns and landing pages), keeping the range. */
export const SourceLinks = ({ rows, search }: { rows: TrafficRow[]; search: string }) => {
  const { t } = useTranslation('admin-statistics');
  const named = rows.filter((r): r is TrafficRow & { key: string } => !r.isOther && r.key !== null);
  if (named.length === 0) return null;
  return (
    <Group component="nav" aria-label={t('statistics.openSource')} gap="sm" mt="sm">
      <Text size="sm">{t('statistics.openSource')}:</Text>
      {named.map((row) => (
        <Anchor
          key={row.key}
          component={Link}
          to={`/statistic/traffic/source/${encodeURIComponent(row.key)}${search}`}
          size="sm"
          data-testid={`statistics-source-link-${row.key}`}
        >
          {row.key}
        </Anchor>
      ))}
    </Group>
  );
};
