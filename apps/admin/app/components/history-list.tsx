import type { AuditEntry } from '@esim/contracts/staff';
import { Section } from '@esim/ui/detail/detail-page';
import { formatDateTime } from '@esim/ui/format';
import { useLocale } from '@esim/ui/use-locale';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A record's history from the audit log, newest first: when, who, and what changed (`describe` puts an entry in
 * words, e.g. "Blocked: Active → Blocked"), as a detail's last section.
 */
export const HistorySection = ({
  entries,
  describe,
}: {
  entries: readonly AuditEntry[];
  describe: (entry: AuditEntry) => string;
}) => {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  return (
    <Section title={t('history.title')}>
      {entries.length === 0 ? (
        <Text c="gray.7">{t('history.empty')}</Text>
      ) : (
        <Stack
          gap={6}
          component="ol"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          data-testid="history"
        >
          {entries.map((entry) => (
            <Text key={entry.id} component="li" size="sm">
              {formatDateTime(entry.createdAt, locale)} · {entry.staffName} · {describe(entry)}
            </Text>
          ))}
        </Stack>
      )}
    </Section>
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

/** "Blocked Active → Blocked": the action's words (`<actions>.<action without its entity>`) and what changed. */
export const describeEntry = (
  entry: AuditEntry,
  t: (key: string) => string,
  actions: string,
  label: (field: string, value: unknown) => string,
) => `${t(`${actions}.${entry.action.replace(/^[^.]*\./, '')}`)} ${changedFields(entry, label)}`.trim();
