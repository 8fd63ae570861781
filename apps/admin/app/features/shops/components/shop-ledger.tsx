import type { Statement } from '@esim/contracts/portal';
import { formatDateTime, formatPrice } from '@esim/ui/format';
import { ScrollTable } from '@esim/ui/scroll-table';
import { useLocale } from '@esim/ui/use-locale';
import { Group, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The credit ledger of a period: opening, each entry with the balances after it, closing. */
export const ShopLedger = ({
  statement,
  onPeriod,
}: {
  statement: Statement;
  onPeriod: (period: { from: string; to: string }) => void;
}) => {
  const { t } = useTranslation(['admin-shops', 'admin']);
  const locale = useLocale();
  const money = (cents: number) => formatPrice(cents, locale);
  return (
    <>
      <Group gap="sm" align="flex-end">
        <TextInput
          type="date"
          label={t('shops.from')}
          value={statement.from}
          onChange={(e) =>
            e.currentTarget.value && onPeriod({ from: e.currentTarget.value, to: statement.to })
          }
        />
        <TextInput
          type="date"
          label={t('shops.to')}
          value={statement.to}
          onChange={(e) =>
            e.currentTarget.value && onPeriod({ from: statement.from, to: e.currentTarget.value })
          }
        />
      </Group>
      <Text size="sm" data-testid="ledger-opening">
        {t('shops.opening')}: {money(statement.opening.creditCents)} + {money(statement.opening.bonusCents)}
      </Text>
      <ScrollTable minWidth={640} label={t('shops.ledger')}>
        <Table striped data-testid="shop-ledger">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('shops.date')}</Table.Th>
              <Table.Th>{t('shops.kind')}</Table.Th>
              <Table.Th ta="right">{t('shops.amount')}</Table.Th>
              <Table.Th ta="right">{t('shops.creditCents')}</Table.Th>
              <Table.Th ta="right">{t('shops.bonusCents')}</Table.Th>
              <Table.Th>{t('shops.orderNumber')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {statement.entries.items.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{formatDateTime(entry.createdAt, locale)}</Table.Td>
                <Table.Td>
                  {t(`shops.kinds.${entry.kind}`)} · {t(`shops.buckets.${entry.bucket}`)}
                  {entry.note ? ` · ${entry.note}` : ''}
                </Table.Td>
                <Table.Td ta="right">{money(entry.amountCents)}</Table.Td>
                <Table.Td ta="right">{money(entry.creditAfterCents)}</Table.Td>
                <Table.Td ta="right">{money(entry.bonusAfterCents)}</Table.Td>
                <Table.Td>{entry.orderNumber ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {statement.entries.items.length === 0 ? <Text c="gray.7">{t('shops.noEntries')}</Text> : null}
      <Text size="sm" data-testid="ledger-closing">
        {t('shops.closing')}: {money(statement.closing.creditCents)} + {money(statement.closing.bonusCents)}
      </Text>
    </>
  );
};
