import type { FacebookAdFigures, FacebookAdsTotal } from '@esim/contracts/staff';
import { Chart } from '@esim/ui/chart/chart';
import { ActionButton, ActionGroup } from '@esim/ui/detail/action-button';
import { useAction } from '@esim/ui/detail/use-action';
import { useToast } from '@esim/ui/feedback/toast';
import { Anchor, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../../components/load-state';
import { bucketPeriods } from '../../../components/report/report-range';
import {
  ReportScreen,
  ReportSection,
  ReportTile,
  useReportRange,
  useRowsLink,
} from '../../../components/report/report-screen';
import { getGuardRole, isAllowed } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { useFacebookTotal, useSyncFacebookAds } from '../api/facebook-ads';
import {
  CsvButton,
  column,
  currentColor,
  metaColor,
  previousColor,
  SyncNote,
  useFigureFormats,
} from './facebook-kit';

/**
 * `/facebook/ads/total` (ADR 0069): Meta's spend, impressions, clicks, CPC, CTR and purchases beside our own
 * attributed orders, revenue and ROAS, over time and beside the previous period.
 */
export const FacebookTotalScreen = () => {
  const { t } = useTranslation(['admin-facebook', 'admin']);
  const range = useReportRange();
  const answer = useFacebookTotal(range.range, range.problem === null);
  return (
    <ReportScreen
      title={t('admin:screens.facebookTotal')}
      rules={t('facebook.rules')}
      range={range}
      rangeTestId="facebook-range"
      actions={<SyncAction range={range.range} />}
    >
      {() => (answer.isSuccess ? <TotalFigures data={answer.data} /> : <LoadState query={answer} />)}
    </ReportScreen>
  );
};

/** Admins sync the range's days from Meta again (a backfill); the daily job keeps the last week fresh. */
const SyncAction = ({ range }: { range: { from: string; to: string } }) => {
  const { t } = useTranslation('admin-facebook');
  const { user } = useSession();
  const toast = useToast();
  const f = useFigureFormats();
  const action = useAction(useSyncFacebookAds(), {
    onSuccess: (result) =>
      toast(t('facebook.synced', { rows: f.count(result.insights), ads: f.count(result.ads) })),
  });
  if (!isAllowed('adminOnly', getGuardRole(user))) return null;
  return (
    <ActionGroup actions={[action]} errorTestId="facebook-sync-error">
      <ActionButton
        action={action}
        label={t('facebook.syncRange')}
        variables={range}
        data-testid="facebook-sync"
      />
    </ActionGroup>
  );
};

type Point = FacebookAdsTotal['overTime'][number];

const TotalFigures = ({ data }: { data: FacebookAdsTotal }) => {
  const { t } = useTranslation('admin-facebook');
  const f = useFigureFormats();
  const { current, previous } = data.totals;
  const tiles: { key: keyof FacebookAdFigures; format: (v: number | null) => string }[] = [
    { key: 'spendCents', format: f.money },
    { key: 'impressions', format: f.count },
    { key: 'clicks', format: f.count },
    { key: 'cpcCents', format: f.money },
    { key: 'ctr', format: f.percent },
    { key: 'metaPurchases', format: f.count },
    { key: 'metaPurchaseValueCents', format: f.money },
    { key: 'metaRoas', format: f.ratio },
    { key: 'orders', format: f.count },
    { key: 'revenueCents', format: f.money },
    { key: 'roas', format: f.ratio },
    { key: 'revenueGapCents', format: f.money },
  ];
  const ordersLink = `/facebook/ads/orders?from=${data.range.from}&to=${data.range.to}`;
  const rowsLink = useRowsLink();
  // Our orders and revenue of a bucket (or the period) open the attributed orders of its days (ADR 0076);
  // Meta's figures have no rows of ours.
  const buckets = bucketPeriods(
    data.overTime.map((p) => p.start),
    data.range.to,
  );
  const ordersOf = (point: Point, total: boolean) => {
    const days = total ? data.range : buckets[data.overTime.indexOf(point)];
    return days ? rowsLink(`/facebook/ads/orders?from=${days.from}&to=${days.to}`) : null;
  };
  const title = t('facebook.charts.overTime');
  const c = <K extends keyof FacebookAdFigures>(key: K, format: (v: number) => string, drawn = false) => [
    {
      ...column<Point>(t(`facebook.figures.${key}`), (p) => p.current[key], format, {
        drawn,
        color: key === 'metaPurchaseValueCents' ? metaColor : currentColor,
      }),
      ...(key === 'orders' || key === 'revenueCents' ? { href: ordersOf } : {}),
    },
  ];
  return (
    <Stack gap="xl" data-testid="facebook-total">
      <SyncNote
        syncedAt={data.syncedAt}
        previousFrom={data.range.previousFrom}
        previousTo={data.range.previousTo}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {tiles.map(({ key, format }) => (
          <ReportTile
            key={key}
            label={t(`facebook.figures.${key}`)}
            value={format(current[key])}
            previous={format(previous[key])}
            change={{ current: current[key], previous: previous[key] }}
            testId={`facebook-total-${key}`}
          >
            {key === 'revenueCents' || key === 'orders' ? (
              <Anchor
                component={Link}
                to={ordersLink}
                size="sm"
                c="accent.7"
                data-testid={`facebook-total-${key}-open`}
              >
                {t('facebook.openOrders')}
              </Anchor>
            ) : null}
          </ReportTile>
        ))}
      </SimpleGrid>
      <ReportSection>
        <Chart<Point>
          title={title}
          kind="line"
          rows={data.overTime}
          category={{ label: t(`facebook.buckets.${data.range.bucket}`), value: (p) => f.date(p.start) }}
          series={[
            ...c('spendCents', f.money, true),
            column<Point>(
              t('facebook.previousOf', { figure: t('facebook.figures.spendCents') }),
              (p) => p.previous.spendCents,
              f.money,
              {
                color: previousColor,
                dashed: true,
              },
            ),
            ...c('clicks', f.count),
            ...c('metaPurchases', f.count),
            ...c('metaPurchaseValueCents', f.money, true),
            ...c('orders', f.count),
            ...c('revenueCents', f.money, true),
            column<Point>(
              t('facebook.previousOf', { figure: t('facebook.figures.revenueCents') }),
              (p) => p.previous.revenueCents,
              f.money,
              {
                color: previousColor,
                dashed: true,
              },
            ),
            ...c('metaRoas', f.ratio),
            ...c('roas', f.ratio),
            ...c('revenueGapCents', f.money),
          ]}
          format={f.money}
          total={{
            label: t('facebook.total'),
            row: { start: '', previousStart: '', current, previous },
          }}
          actions={<CsvButton screen="total" query={data.range} title={title} />}
          data-testid="facebook-chart-total"
        />
      </ReportSection>
    </Stack>
  );
};
