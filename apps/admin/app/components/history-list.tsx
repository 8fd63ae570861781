import { fallbackLocale, isLocale } from '@esim/contracts/locales';
import type { AuditEntry } from '@esim/contracts/staff';
import { formatDateTime } from '@esim/ui/format';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A record's history from the audit log, newest first: when, who, and what changed (`describe` puts an entry in
 * words, e.g. "Blocked: Active → Blocked").
 */
export const HistoryList = ({
  entries,
  describe,
  empty,
}: {
  entries: readonly AuditEntry[];
  describe: (entry: AuditEntry) => string;
  empty: string;
}) => {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : fallbackLocale;
  if (entries.length === 0) return <Text c="gray.7">{empty}</Text>;
  return (
    <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="history">
      {entries.map((entry) => (
        <Text key={entry.id} component="li" size="sm">
          {formatDateTime(entry.createdAt, locale)} · {entry.staffName} · {describe(entry)}
        </Text>
      ))}
    </Stack>
  );
};

/**
 * "Active → Blocked" for the audited fields that changed, each value put in words by `label`. Fields only in
 * `after` (an adjustment's reason) are context, not a change.
 */
export const changedFields = (entry: AuditEntry, label: (field: string, value: unknown) => string) =>
  Object.keys(entry.after ?? {})
    .filter((field) => entry.before && field in entry.before && entry.before[field] !== entry.after?.[field])
    .map((field) => `${label(field, entry.before?.[field])} → ${label(field, entry.after?.[field])}`)
    .join(', ');
