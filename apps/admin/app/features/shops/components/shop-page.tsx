import { Section } from '@esim/ui/detail/detail-page';
import { RelatedList } from '@esim/ui/detail/related-list';
import { Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/load-state';
import { orderRows } from '../../../lib/order-rows';
import { useShop } from '../api/get-shop';
import { shopUserRows } from '../shops-list';
import { ShopLedger } from './shop-ledger';
import { ShopManagePanel } from './shop-manage-panel';

/** `/clients/all-shops/{shopId}`: the shop, what staff can change, its users, latest orders and credit ledger. */
export const ShopPage = ({ shopId }: { shopId: string }) => {
  const { t } = useTranslation('admin-shops');
  const [period, setPeriod] = useState<{ from?: string; to?: string }>({});
  const answer = useShop(shopId, period);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const detail = answer.data;
  const users = t('shops.users', { count: detail.users.length });
  return (
    <Stack gap="xl">
      <Paper withBorder radius="md" p="lg">
        <ShopManagePanel detail={detail} />
      </Paper>
      <Section title={users}>
        <RelatedList rows={shopUserRows} items={detail.users} label={users} data-testid="shop-users" />
        <Text size="sm" c="gray.7">
          {t('shops.subscribers', { count: detail.subscribersCount })}
        </Text>
      </Section>
      <Section title={t('shops.orders')}>
        <RelatedList
          rows={orderRows}
          items={detail.orders}
          label={t('shops.orders')}
          empty={t('admin:orderRows.none')}
          minWidth={560}
          data-testid="shop-orders"
        />
      </Section>
      <Section title={t('shops.ledger')}>
        <ShopLedger statement={detail.statement} onPeriod={setPeriod} />
      </Section>
    </Stack>
  );
};
