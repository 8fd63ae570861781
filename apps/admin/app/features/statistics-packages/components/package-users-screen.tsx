import { formatDate } from '@esim/ui/format';
import { ScrollTable } from '@esim/ui/scroll-table';
import { Anchor, Group, Pagination, Paper, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadState } from '../../../components/load-state';
import { salesOrdersHref } from '../../../components/report/report-range';
import {
  FigureLink,
  ReportCsvButton,
  ReportScreen,
  useReportRange,
  useRowsLink,
} from '../../../components/report/report-screen';
import { downloadCsv, usePackageUsers } from '../api/get-package-statistics';
import { useFormats } from './statistics-kit';

/** `/statistic/global-packages/users/{globalPakoId}/{pakoName}`: who bought the package in the range. */
export const PackageUsersScreen = ({ packageId, name }: { packageId: string; name: string }) => {
  const { t } = useTranslation(['admin-statistics-packages', 'admin', 'common']);
  const state = useReportRange();
  const rowsLink = useRowsLink();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const answer = usePackageUsers(packageId, { ...state.range, page }, state.problem === null);
  const formats = useFormats();
  const titleId = useId();
  const title = t('users.title');
  const data = answer.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // A buyer's orders of the package in the range: the same sales, found by the buyer's e-mail address.
  const buyerOrders = (email: string) =>
    rowsLink(salesOrdersHref(state.range, { package: packageId, q: email }));
  return (
    <ReportScreen
      title={`${t('admin:screens.statisticPackageUsers')}: ${name}`}
      rules={t('rules')}
      range={state}
      rangeTestId="statistics-range"
    >
      {() =>
        answer.isSuccess && data ? (
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h4" id={titleId}>
                {title}
              </Title>
              <ReportCsvButton
                title={title}
                testId="statistics-csv"
                onClick={() =>
                  void downloadCsv(
                    `/staff/statistics/package-users/${encodeURIComponent(packageId)}/export.csv`,
                    state.range,
                    `package-users-${state.range.from}-${state.range.to}.csv`,
                  )
                }
              />
            </Group>
            <Text size="sm" mb="sm" data-testid="statistics-users-total">
              {t('users.total', { count: data.total })}
            </Text>
            {data.items.length === 0 ? (
              <Text>{t('users.empty')}</Text>
            ) : (
              <ScrollTable label={title} minWidth={760}>
                <Table striped withTableBorder aria-labelledby={titleId} data-testid="statistics-users">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('users.name')}</Table.Th>
                      <Table.Th scope="col">{t('users.email')}</Table.Th>
                      <Table.Th scope="col">{t('users.country')}</Table.Th>
                      <Table.Th scope="col" ta="end">
                        {t('figures.orders')}
                      </Table.Th>
                      <Table.Th scope="col" ta="end">
                        {t('figures.revenue')}
                      </Table.Th>
                      <Table.Th scope="col">{t('users.lastPaidAt')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((user) => (
                      <Table.Tr key={user.userId ?? user.email}>
                        <Table.Th scope="row" fw="normal">
                          {user.userId ? (
                            <Anchor
                              component={Link}
                              to={`/clients/all-users?q=${encodeURIComponent(user.email)}`}
                            >
                              {user.name}
                            </Anchor>
                          ) : (
                            user.name
                          )}
                        </Table.Th>
                        <Table.Td>{user.email}</Table.Td>
                        <Table.Td>{formats.country(user.country)}</Table.Td>
                        <Table.Td ta="end">
                          <FigureLink href={buyerOrders(user.email)}>{formats.count(user.orders)}</FigureLink>
                        </Table.Td>
                        <Table.Td ta="end">
                          <FigureLink href={buyerOrders(user.email)}>
                            {formats.money(user.revenueCents)}
                          </FigureLink>
                        </Table.Td>
                        <Table.Td>{formatDate(user.lastPaidAt, formats.locale)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            )}
            {pages > 1 ? (
              <Pagination
                mt="md"
                total={pages}
                value={page}
                onChange={(next) =>
                  setParams(
                    (current) => {
                      const merged = new URLSearchParams(current);
                      merged.set('page', String(next));
                      return merged;
                    },
                    { replace: true },
                  )
                }
                size="sm"
                getControlProps={(control) =>
                  control === 'previous'
                    ? { 'aria-label': t('common:list.previousPage') }
                    : control === 'next'
                      ? { 'aria-label': t('common:list.nextPage') }
                      : {}
                }
              />
            ) : null}
          </Paper>
        ) : (
          <LoadState query={answer} />
        )
      }
    </ReportScreen>
  );
};
