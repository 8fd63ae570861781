import { fallbackLocale, isLocale } from '@esim/contracts/locales';
import type { ShopDetail } from '@esim/contracts/staff';
import { formatPrice } from '@esim/ui/format';
import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changedFields, HistoryList } from '../../../components/history-list';
import { CreditAdjustmentForm } from './credit-adjustment-form';
import { SellPriceForm } from './sell-price-form';
import { ShopStatusActions } from './shop-status-actions';

const statusColor = { pending_verification: '#5c3d00', active: '#1e6b34', suspended: '#a61b1b' } as const;

export const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap="xs">
    <Title order={3} size="h5">
      {title}
    </Title>
    {children}
  </Stack>
);

/** A shop's name, state, balances and everything staff can change on it, with the history of those changes. */
export const ShopManagePanel = ({ detail }: { detail: ShopDetail }) => {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const locale = isLocale(i18n.language) ? i18n.language : fallbackLocale;
  const { shop } = detail;
  const money = (cents: number) => formatPrice(cents, locale);
  const label = (field: string, value: unknown): string => {
    if (field === 'status') return t(`shops.statuses.${String(value)}`);
    if (field === 'bonusTiers')
      return Array.isArray(value)
        ? value
            .map(
              (tier: { fromCents: number; percent: number }) => `${money(tier.fromCents)}: ${tier.percent} %`,
            )
            .join('; ')
        : t('shops.settingsTiers');
    if (typeof value === 'number' && field.endsWith('Cents')) return money(value);
    return String(value ?? '');
  };
  return (
    <Stack gap="lg" data-testid="shop-manage">
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={2} size="h3">
            {shop.name}
          </Title>
          <Badge color={statusColor[shop.status]} variant="filled" data-testid="shop-status">
            {t(`shops.statuses.${shop.status}`)}
          </Badge>
        </Group>
        <Text c="gray.7">{shop.ownerEmail}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" data-testid="shop-balances">
        {(['creditCents', 'bonusCents', 'totalCents'] as const).map((field) => (
          <div key={field}>
            <Text size="xs" c="gray.7">
              {t(`shops.${field}`)}
            </Text>
            <Text fw={700} data-testid={`shop-${field}`}>
              {money(shop[field])}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <ShopStatusActions shop={shop} />
      <Section title={t('shops.sellShopPrice')}>
        <SellPriceForm key={shop.version} shop={shop} />
      </Section>
      <Section title={t('shops.adjustTitle')}>
        <CreditAdjustmentForm shopId={shop.id} />
      </Section>
      <Section title={t('clients.history')}>
        <HistoryList
          entries={detail.history}
          describe={(entry) =>
            `${t(`shops.audit.${entry.action.replace('shop.', '')}`)} ${changedFields(entry, label)}`.trim()
          }
          empty={t('clients.noHistory')}
        />
      </Section>
    </Stack>
  );
};
