import { useToast } from '@esim/ui/feedback/toast';
import { formatPrice } from '@esim/ui/format';
import { useLocale } from '@esim/ui/use-locale';
import { Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/load-state';
import { useApplySync, useCatalogueDiff } from '../api/packages';

const shown = 5;

/** What the provider's list would change (new, changed cost, dropped), and the button that applies it. */
export const SyncDiff = () => {
  const { t } = useTranslation(['admin-packages', 'admin']);
  const locale = useLocale();
  const toast = useToast();
  const diff = useCatalogueDiff();
  const apply = useApplySync();
  if (!diff.isSuccess) return <LoadState query={diff} />;
  const { added, changedCost, dropped, autoApply } = diff.data;
  const empty = added.length + changedCost.length + dropped.length === 0;
  const part = (title: string, lines: string[], testId: string) =>
    lines.length > 0 ? (
      <Stack gap={2} data-testid={testId}>
        <Text fw={600} size="sm">
          {title}
        </Text>
        <List size="sm">
          {lines.slice(0, shown).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
          {lines.length > shown ? (
            <List.Item>{t('packages.sync.more', { count: lines.length - shown })}</List.Item>
          ) : null}
        </List>
      </Stack>
    ) : null;
  return (
    <Card withBorder mb="md" component="section" aria-labelledby="sync-title" data-testid="sync-diff">
      <Stack gap="sm">
        <Title order={2} size="h4" id="sync-title">
          {t('packages.sync.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {autoApply ? t('packages.sync.auto') : t('packages.sync.manual')}
        </Text>
        {empty ? (
          <Text size="sm">{t('packages.sync.none')}</Text>
        ) : (
          <>
            {part(
              t('packages.sync.added', { count: added.length }),
              added.map((p) => `${p.name} · ${formatPrice(p.wholesaleCents, locale)}`),
              'sync-added',
            )}
            {part(
              t('packages.sync.changedCost', { count: changedCost.length }),
              changedCost.map(
                (p) =>
                  `${p.name}: ${formatPrice(p.previousWholesaleCents, locale)} → ${formatPrice(p.wholesaleCents, locale)}`,
              ),
              'sync-changed',
            )}
            {part(
              t('packages.sync.dropped', { count: dropped.length }),
              dropped.map((p) => p.name),
              'sync-dropped',
            )}
            <Group>
              <Button
                size="sm"
                loading={apply.isPending}
                onClick={() => apply.mutate(undefined, { onSuccess: ({ message }) => toast(message) })}
                data-testid="sync-apply"
              >
                {t('packages.sync.apply')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
};
