/**
 * A related-rows table inside a detail: the rows of a list definition with the record's filter pinned
 * (`<RelatedList list={paymentsList} fixed={{ orderId }} />`, fetched through the list's own endpoint, first
 * page only), or the rows the detail answer already carries (`<RelatedList rows={orderRows} items={detail.orders} />`).
 * Columns, labels and cell formats are the list's, so a row reads the same here as on its list screen.
 */
import { Anchor, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError } from '../describe-error';
import type {
  CellContext,
  FixedFilters,
  ListDefinition,
  ListQueryBase,
  RowsDefinition,
} from '../list/define-list';
import { ScrollTable } from '../scroll-table';
import { useLocale } from '../use-locale';

type Common = {
  /** The table's accessible name (the section title). */
  label: string;
  /** Shown instead of an empty table. */
  empty?: string;
  minWidth?: number;
  'data-testid'?: string;
};

export type RelatedListProps<Query extends ListQueryBase, Item> = Common &
  (
    | { list: ListDefinition<Query, Item>; fixed: FixedFilters<Query>; pageSize?: number }
    | { rows: RowsDefinition<Item>; items: readonly Item[] }
  );

const RowsTable = <Item,>({
  rows,
  items,
  label,
  empty,
  minWidth = 480,
  'data-testid': testId,
}: Common & { rows: RowsDefinition<Item>; items: readonly Item[] }) => {
  const { t } = useTranslation();
  const locale = useLocale();
  const context: CellContext = { locale, t: (key, options) => t(key, options ?? {}) };
  if (items.length === 0) return <Text c="gray.7">{empty ?? t('common:list.empty')}</Text>;
  const cell = (column: RowsDefinition<Item>['columns'][number], item: Item): ReactNode => {
    const content = column.cell(item, context);
    return column.href ? (
      <Anchor component={Link} to={column.href(item)} c="accent.7">
        {content}
      </Anchor>
    ) : (
      content
    );
  };
  return (
    <ScrollTable minWidth={minWidth} label={label}>
      <Table data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {rows.columns.map((column) => (
              <Table.Th key={column.id} ta={column.align}>
                {t(`${rows.labels}.${column.id}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={rows.rowId(item)}>
              {rows.columns.map((column) => (
                <Table.Td key={column.id} ta={column.align}>
                  {cell(column, item)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
};

const FetchedRows = <Query extends ListQueryBase, Item>({
  list,
  fixed,
  pageSize = 10,
  ...common
}: Common & { list: ListDefinition<Query, Item>; fixed: FixedFilters<Query>; pageSize?: number }) => {
  const { t } = useTranslation();
  const query = list.query.parse({ ...fixed, pageSize });
  const answer = useQuery({
    queryKey: [list.id, query],
    queryFn: ({ signal }) => list.fetch(query, signal),
  });
  if (answer.isError)
    return (
      <Text c="red.9" role="alert">
        {describeError(t, answer.error, 'GENERIC')}
      </Text>
    );
  if (!answer.isSuccess) return <Loader size="sm" role="status" aria-label={t('common:list.loading')} />;
  return <RowsTable rows={list} items={answer.data.items} {...common} />;
};

export const RelatedList = <Query extends ListQueryBase, Item>(props: RelatedListProps<Query, Item>) =>
  'list' in props ? <FetchedRows {...props} /> : <RowsTable {...props} />;
