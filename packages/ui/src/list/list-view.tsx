/**
 * Renders a list definition: search and filters, column choice, the table with server-side paging and
 * sorting (TanStack Table in manual mode, TanStack Query for the fetch), row selection with a slot for bulk
 * actions, the CSV export of the same query, and the empty, loading and error states. The state lives in the
 * URL (list-url-state.ts). Each app wraps it with its page title (apps/admin components/list-screen.tsx).
 */

import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Drawer,
  Group,
  Loader,
  Menu,
  NativeSelect,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowSelectionState,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { describeError } from '../describe-error';
import { saveFile } from '../save-file';
import { useLocale } from '../use-locale';
import {
  amountToCents,
  type CellContext,
  centsToAmount,
  type FixedFilters,
  type ListDefinition,
  type ListQueryBase,
} from './define-list';
import { footerCells } from './list-footer';
import { changeListQuery, listParamProblems, readListQuery, writeListQuery } from './list-url-state';
import { SavedViews, type SavedViewsStore } from './saved-views';

export type ListViewProps<Query extends ListQueryBase, Item> = {
  list: ListDefinition<Query, Item>;
  fixed?: FixedFilters<Query>;
  /** Bulk actions for the selected rows; rows are selectable only when given. */
  bulkActions?: (selected: Item[], clearSelection: () => void) => ReactNode;
  /**
   * The item's detail, in a drawer beside the list. Its id is the URL's `param` (a reload or a shared link opens
   * it again); cells of columns marked `opensDetail` open it.
   */
  detail?: { param: string; title: string; render: (id: string, close: () => void) => ReactNode };
  /** Where this person's saved views of the list are kept; no "Saved views" button without it. */
  savedViews?: SavedViewsStore;
};

const pageSizes = ['10', '25', '50', '100'];

/**
 * The TanStack Query key of a list's answer for a query: a screen that shows a figure of the same answer above
 * the list (the campaign it is narrowed to) reads it with this key, and the list's request is not sent twice.
 */
export const listQueryKey = (list: { id: string }, query: ListQueryBase) => [list.id, query] as const;

/**
 * A typed-in filter value, applied when the person leaves the field or presses Enter (not on every key, so a
 * half-typed amount or code does not reload the list).
 */
const CommitInput = ({
  label,
  value,
  onCommit,
  inputMode,
  'data-testid': testId,
}: {
  label: string;
  value: string;
  onCommit: (typed: string) => void;
  inputMode?: 'decimal';
  'data-testid'?: string;
}) => {
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped(value), [value]);
  const commit = () => {
    if (typed !== value) onCommit(typed);
  };
  return (
    <TextInput
      label={label}
      value={typed}
      inputMode={inputMode}
      w={inputMode ? 110 : 150}
      onChange={(event) => setTyped(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      data-testid={testId}
    />
  );
};

/**
 * Whether the element is wider inside than out: a table that scrolls sideways (many figures on a phone) must be
 * reachable by keyboard (WCAG 2.1.1, axe `scrollable-region-focusable`); one that fits adds no tab stop.
 */
const useOverflowing = () => {
  const ref = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    const table = element.firstElementChild;
    if (table) observer.observe(table);
    measure();
    return () => observer.disconnect();
  }, []);
  return { ref, overflowing };
};

const sortOf = (sort: string | undefined) =>
  sort ? { id: sort.replace(/^-/, ''), desc: sort.startsWith('-') } : undefined;

export const ListView = <Query extends ListQueryBase, Item>({
  list,
  fixed = {},
  bulkActions,
  detail,
  savedViews,
}: ListViewProps<Query, Item>) => {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const fixedKey = JSON.stringify(fixed);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `fixed` is compared by value (fixedKey).
  const query = useMemo(() => readListQuery(list, params, fixed), [list, params, fixedKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once per URL.
  useEffect(() => {
    if (!import.meta.env.DEV) return;
    const problems = listParamProblems(list, params, detail ? [detail.param] : []);
    if (problems.length > 0)
      console.warn(`List "${list.id}" ignores part of the URL: ${problems.join('; ')}`);
  }, [list, params]);
  const setQuery = (change: Partial<Query>) =>
    setParams(writeListQuery(list, changeListQuery(query, change), fixed), { replace: false });

  const answer = useQuery({
    queryKey: listQueryKey(list, query),
    queryFn: ({ signal }) => list.fetch(query, signal),
    placeholderData: keepPreviousData,
  });

  const [visibility, setVisibility] = useState<VisibilityState>(() =>
    Object.fromEntries(list.columns.map((c) => [c.id, !c.hidden])),
  );
  const [selection, setSelection] = useState<RowSelectionState>({});
  // A new page or filter shows other rows: nothing stays selected that the user cannot see.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on every new query.
  useEffect(() => setSelection({}), [query]);

  const detailId = detail ? params.get(detail.param) : null;
  const detailSearch = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (detail && id) next.set(detail.param, id);
    else if (detail) next.delete(detail.param);
    return `?${next.toString()}`;
  };
  const closeDetail = () => setParams(new URLSearchParams(detailSearch(null)));

  const context: CellContext = { locale, t: (key, options) => t(key, options ?? {}) };
  const label = (id: string) => t(`${list.labels}.${id}`);

  // biome-ignore lint/correctness/useExhaustiveDependencies: labels and cells follow the language, not each render.
  const columns = useMemo<ColumnDef<Item>[]>(() => {
    const data: ColumnDef<Item>[] = list.columns.map((column) => ({
      id: column.id,
      header: () => label(column.id),
      enableSorting: Boolean(column.sortable),
      cell: ({ row }) => {
        const content = column.cell(row.original, context);
        if (column.opensDetail && detail)
          return (
            <Anchor component={Link} to={detailSearch(list.rowId(row.original))} c="accent.7">
              {content}
            </Anchor>
          );
        return column.href ? (
          <Anchor component={Link} to={column.href(row.original)} c="accent.7">
            {content}
          </Anchor>
        ) : (
          content
        );
      },
      meta: { align: column.align },
    }));
    if (!bulkActions) return data;
    return [
      {
        id: 'select',
        enableHiding: false,
        header: ({ table }) => (
          <Checkbox
            aria-label={t('common:list.selectAll')}
            checked={table.getIsAllPageRowsSelected()}
            indeterminate={table.getIsSomePageRowsSelected()}
            onChange={table.getToggleAllPageRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <Checkbox
            aria-label={t('common:list.selectRow')}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      },
      ...data,
    ];
  }, [list, bulkActions, i18n.language, params]);

  const sort = sortOf(query.sort);
  const table = useReactTable({
    data: answer.data?.items ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (item) => list.rowId(item),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableRowSelection: Boolean(bulkActions),
    state: { columnVisibility: visibility, rowSelection: selection, sorting: sort ? [sort] : [] },
    onColumnVisibilityChange: setVisibility,
    onRowSelectionChange: setSelection,
  });

  const [search, setSearch] = useState('');
  const searchFilter = list.filters.find((f) => f.kind === 'search');
  const searchValue = searchFilter
    ? String((query as Record<string, unknown>)[searchFilter.param] ?? '')
    : '';
  useEffect(() => setSearch(searchValue), [searchValue]);
  const applySearch = useDebouncedCallback((value: string) => {
    if (searchFilter) setQuery({ [searchFilter.param]: value.trim() || undefined } as Partial<Query>);
  }, 350);

  const toggleSort = (id: string) => {
    const next = sort?.id === id ? (sort.desc ? id : `-${id}`) : `-${id}`;
    setQuery({ sort: next } as Partial<Query>);
  };

  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const exportCsv = async () => {
    if (!list.csv) return;
    setExporting(true);
    setExportError(null);
    try {
      saveFile(new Blob([await list.csv(query)], { type: 'text/csv;charset=utf-8' }), `${list.id}.csv`);
    } catch (error) {
      setExportError(describeError(t, error, 'GENERIC'));
    } finally {
      setExporting(false);
    }
  };

  const scroller = useOverflowing();
  const total = answer.data?.total ?? 0;
  const visibleColumns = new Set(table.getVisibleLeafColumns().map((column) => column.id));
  const footer =
    list.footer && answer.data && total > 0
      ? footerCells(
          list.footer,
          list.columns.filter((column) => visibleColumns.has(column.id)),
          answer.data,
          context,
        )
      : null;
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const selected = table.getSelectedRowModel().rows.map((row) => row.original);
  const value = (param: string) => String((query as Record<string, unknown>)[param] ?? '');

  return (
    <Stack gap="md" data-testid={`list-${list.id}`}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          {list.filters.map((f) => {
            if (f.param in fixed || f.kind === 'screen') return null;
            if (f.kind === 'search')
              return (
                <TextInput
                  key={f.param}
                  type="search"
                  label={t('common:list.search')}
                  value={search}
                  onChange={(event) => {
                    setSearch(event.currentTarget.value);
                    applySearch(event.currentTarget.value);
                  }}
                  data-testid="list-search"
                />
              );
            if (f.kind === 'select')
              return (
                <NativeSelect
                  key={f.param}
                  label={label(f.param)}
                  value={value(f.param)}
                  onChange={(event) =>
                    setQuery({ [f.param]: event.currentTarget.value || undefined } as Partial<Query>)
                  }
                  data={[
                    { value: '', label: t('common:list.all') },
                    ...f.options.map((option) => ({
                      value: option,
                      label: f.optionLabels ? t(`${f.optionLabels}.${option}`) : option,
                    })),
                  ]}
                />
              );
            if (f.kind === 'text')
              return (
                <CommitInput
                  key={f.param}
                  label={label(f.param)}
                  value={value(f.param)}
                  onCommit={(typed) => setQuery({ [f.param]: typed.trim() || undefined } as Partial<Query>)}
                  data-testid={`list-filter-${f.param}`}
                />
              );
            if (f.kind === 'moneyRange')
              return (
                <Group key={f.param} gap="xs" align="flex-end">
                  {[f.from, f.to].map((param) => (
                    <CommitInput
                      key={param}
                      label={label(param)}
                      inputMode="decimal"
                      value={centsToAmount((query as Record<string, unknown>)[param])}
                      onCommit={(typed) => setQuery({ [param]: amountToCents(typed) } as Partial<Query>)}
                      data-testid={`list-filter-${param}`}
                    />
                  ))}
                </Group>
              );
            return (
              <Group key={f.param} gap="xs" align="flex-end">
                {[f.from, f.to].map((param) => (
                  <TextInput
                    key={param}
                    type="date"
                    label={label(param)}
                    value={value(param)}
                    onChange={(event) =>
                      setQuery({ [param]: event.currentTarget.value || undefined } as Partial<Query>)
                    }
                    data-testid={`list-filter-${param}`}
                  />
                ))}
              </Group>
            );
          })}
        </Group>
        <Group gap="sm">
          <Menu closeOnItemClick={false} position="bottom-end">
            <Menu.Target>
              <Button variant="default" data-testid="list-columns">
                {t('common:list.columns')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {table
                .getAllLeafColumns()
                .filter((column) => column.getCanHide())
                .map((column) => (
                  // One click, one toggle: a labelled checkbox inside the item would click its input too, and
                  // TanStack's toggle handler reads `event.target.checked`, so the two clicks could cancel out.
                  <Menu.Item
                    key={column.id}
                    onClick={() => column.toggleVisibility(!column.getIsVisible())}
                    leftSection={
                      <Checkbox
                        checked={column.getIsVisible()}
                        readOnly
                        tabIndex={-1}
                        aria-hidden
                        styles={{ input: { pointerEvents: 'none' } }}
                      />
                    }
                  >
                    {label(column.id)}
                  </Menu.Item>
                ))}
            </Menu.Dropdown>
          </Menu>
          {savedViews ? (
            <SavedViews
              listId={list.id}
              store={savedViews}
              currentQuery={(() => {
                const state = writeListQuery(list, query, fixed);
                state.delete('page');
                return state.toString();
              })()}
              onOpen={(saved) => setParams(new URLSearchParams(saved))}
            />
          ) : null}
          {list.csv ? (
            <Button
              variant="default"
              loading={exporting}
              onClick={() => void exportCsv()}
              data-testid="list-csv"
            >
              {t('common:list.exportCsv')}
            </Button>
          ) : null}
        </Group>
      </Group>

      {exportError ? (
        <Alert color="red.9" variant="outline" role="alert">
          {exportError}
        </Alert>
      ) : null}

      {bulkActions && selected.length > 0 ? (
        <Group gap="sm" data-testid="list-bulk-actions">
          <Text size="sm">{t('common:list.selected', { count: selected.length })}</Text>
          {bulkActions(selected, () => setSelection({}))}
        </Group>
      ) : null}

      <Paper
        ref={scroller.ref}
        withBorder
        radius="md"
        style={{ overflowX: 'auto' }}
        // A table that scrolls sideways is focusable so keyboards can scroll it.
        tabIndex={scroller.overflowing ? 0 : undefined}
      >
        <Table striped highlightOnHover aria-busy={answer.isFetching} data-testid="list-table">
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted =
                    sort?.id === header.column.id ? (sort.desc ? 'descending' : 'ascending') : undefined;
                  const content = flexRender(header.column.columnDef.header, header.getContext());
                  const align = (header.column.columnDef.meta as { align?: 'left' | 'right' } | undefined)
                    ?.align;
                  return (
                    <Table.Th key={header.id} aria-sort={sorted} ta={align}>
                      {/* Display columns have no accessor, so TanStack's getCanSort() is always false; the kit's own flag decides. */}
                      {header.column.columnDef.enableSorting ? (
                        <UnstyledButton
                          onClick={() => toggleSort(header.column.id)}
                          fw={700}
                          data-testid={`sort-${header.column.id}`}
                        >
                          {content} {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : ''}
                        </UnstyledButton>
                      ) : (
                        content
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((row) => (
              <Table.Tr key={row.id} data-testid="list-row">
                {row.getVisibleCells().map((cell) => (
                  <Table.Td
                    key={cell.id}
                    ta={(cell.column.columnDef.meta as { align?: 'left' | 'right' } | undefined)?.align}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {footer ? (
            <Table.Tfoot>
              <Table.Tr data-testid="list-footer">
                {bulkActions ? <Table.Td /> : null}
                {footer.map((cell) => (
                  <Table.Td key={cell.id} ta={cell.align} fw={700} data-testid={`list-footer-${cell.id}`}>
                    {cell.content}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          ) : null}
        </Table>
        {answer.isPending ? (
          <Group justify="center" p="lg">
            <Loader size="sm" role="status" aria-label={t('common:list.loading')} />
          </Group>
        ) : answer.isError ? (
          <Stack align="center" p="lg" gap="xs" role="alert" data-testid="list-error">
            <Text>{describeError(t, answer.error, 'GENERIC')}</Text>
            <Button variant="default" size="xs" onClick={() => void answer.refetch()}>
              {t('common:list.retry')}
            </Button>
          </Stack>
        ) : total === 0 ? (
          <Text ta="center" p="lg" c="gray.7" data-testid="list-empty">
            {t('common:list.empty')}
          </Text>
        ) : null}
      </Paper>

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="gray.7" data-testid="list-total">
          {t('common:list.total', { total })}
        </Text>
        <Group gap="sm" align="center">
          <NativeSelect
            aria-label={t('common:list.pageSize')}
            value={String(query.pageSize)}
            onChange={(event) => setQuery({ pageSize: Number(event.currentTarget.value) } as Partial<Query>)}
            data={pageSizes}
            size="xs"
          />
          <Pagination
            total={pages}
            value={query.page}
            onChange={(page) => setQuery({ page } as Partial<Query>)}
            size="sm"
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': t('common:list.previousPage') }
                : control === 'next'
                  ? { 'aria-label': t('common:list.nextPage') }
                  : {}
            }
          />
        </Group>
      </Group>
      {detail ? (
        <Drawer
          opened={Boolean(detailId)}
          onClose={closeDetail}
          title={detail.title}
          closeButtonProps={{ 'aria-label': t('common:list.closeDetail') }}
          position="right"
          size="xl"
          data-testid="list-detail"
        >
          {detailId ? detail.render(detailId, closeDetail) : null}
        </Drawer>
      ) : null}
    </Stack>
  );
};
