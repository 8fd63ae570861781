import { readListQuery } from '@esim/ui/list/list-url-state';
import { ListView, listQueryKey } from '@esim/ui/list/list-view';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { ReportRangePicker, useReportRange } from '../../../components/report/report-screen';
import { savedViewsStore } from '../../../lib/saved-views';
import { listFacebookAdOrders } from '../api/list-facebook-ad-orders';
import { facebookAdOrdersList as list } from '../facebook-ad-orders-list';

/**
 * `/facebook/ads/orders` (ADR 0069, ADR 0078): every order that came through an ad (Meta's click id or a Meta
 * utm_source), counted as the orders analytics count them, as a staff list. The range above it has the other
 * Facebook screens' presets and words its problem before anything is asked of the server; `?campaignId` narrows
 * the list to one campaign's orders (or `none`).
 */
export const FacebookOrdersScreen = () => {
  const { t } = useTranslation(['admin-facebook', 'admin']);
  const report = useReportRange();
  const { params, problem } = report;
  const campaignId = params.get('campaignId');
  // The list's own answer (the same key: one request) names the campaign it is narrowed to.
  const query = problem ? list.query.parse({}) : readListQuery(list, params);
  const answer = useQuery({
    queryKey: listQueryKey(list, query),
    queryFn: ({ signal }) => listFacebookAdOrders(query, signal),
    enabled: problem === null && campaignId !== null,
    placeholderData: keepPreviousData,
  });
  const campaignName = answer.data?.campaign?.name;
  return (
    <Stack gap="md">
      <PageTitle>{t('admin:screens.facebookOrders')}</PageTitle>
      <ReportRangePicker range={report} testId="facebook-range" />
      <Text size="sm" c="gray.7">
        {t('facebook.ordersRules')}
      </Text>
      {campaignId ? (
        <Group gap="md">
          <Text fw={600} data-testid="facebook-orders-campaign">
            {campaignId === 'none'
              ? t('facebook.noCampaign')
              : campaignName
                ? t('facebook.campaignFilter', { name: campaignName })
                : null}
          </Text>
          <Anchor
            component={Link}
            to={`?${(() => {
              const next = new URLSearchParams(params);
              next.delete('campaignId');
              next.delete('page');
              return next.toString();
            })()}`}
            c="accent.7"
            data-testid="facebook-orders-all"
          >
            {t('facebook.allCampaigns')}
          </Anchor>
        </Group>
      ) : null}
      {problem ? null : (
        <div data-testid="facebook-orders">
          <ListView list={list} savedViews={savedViewsStore} />
        </div>
      )}
    </Stack>
  );
};
