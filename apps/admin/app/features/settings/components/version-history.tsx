import type { SettingSaved, SettingVersion } from '@esim/contracts/staff';
import { ActionButton, ActionGroup } from '@esim/ui/detail/action-button';
import { Section } from '@esim/ui/detail/detail-page';
import { useAction } from '@esim/ui/detail/use-action';
import { formatDateTime } from '@esim/ui/format';
import { useLocale } from '@esim/ui/use-locale';
import { Group, Stack, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

type RestoreVariables = { versionId: string; version: number };

/**
 * The versions of a setting, newest first: who saved each and when, which one it restored; any earlier one can
 * be restored (a new version, so the history keeps the change and its undoing).
 */
export const VersionHistory = ({
  versions,
  current,
  restore,
  onRestored,
}: {
  versions: readonly SettingVersion[];
  current: number;
  restore: UseMutationResult<SettingSaved, unknown, RestoreVariables>;
  onRestored?: () => void;
}) => {
  const { t } = useTranslation(['admin-settings', 'admin']);
  const locale = useLocale();
  const action = useAction(restore, { onSuccess: () => onRestored?.() });
  return (
    <Section title={t('history.title')}>
      {versions.length === 0 ? (
        <Text c="gray.7">{t('history.empty')}</Text>
      ) : (
        <ActionGroup actions={[action]} errorTestId="restore-error">
          <Stack
            gap={6}
            component="ol"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            data-testid="versions"
          >
            {versions.map((entry) => (
              <Group key={entry.id} component="li" gap="sm" justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {t('history.version', { version: entry.version })} ·{' '}
                  {formatDateTime(entry.createdAt, locale)} ·{' '}
                  {entry.staffName ?? (entry.version === 1 ? t('history.initial') : t('history.formerStaff'))}
                  {entry.restoredFrom === null
                    ? null
                    : ` · ${t('history.restoredFrom', { version: entry.restoredFrom })}`}
                </Text>
                {entry.version === current ? (
                  <Text size="sm" c="gray.7">
                    {t('history.current')}
                  </Text>
                ) : (
                  <ActionButton
                    action={action}
                    label={t('history.restore')}
                    confirm={{
                      title: t('history.restoreTitle', { version: entry.version }),
                      message: t('history.restoreMessage', { version: entry.version }),
                    }}
                    danger={false}
                    variables={{ versionId: entry.id, version: current }}
                    data-testid={`restore-version-${entry.version}`}
                  />
                )}
              </Group>
            ))}
          </Stack>
        </ActionGroup>
      )}
    </Section>
  );
};
