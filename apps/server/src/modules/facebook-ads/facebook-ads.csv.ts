import type {
  FacebookAdFigures,
  FacebookAdInsightFigures,
  FacebookAdOrder,
  FacebookAdsCampaigns,
  FacebookAdsInsights,
  FacebookAdsTotal,
} from '@esim/contracts/staff';
import { type CsvColumn, type CsvValue, csvStream } from '../../lib/csv';

/** The screens' tables as CSV (ADR 0069): the same figures as the answers, cents as integers, missing as empty. */

const metaNames = [
  'spendCents',
  'impressions',
  'clicks',
  'cpcCents',
  'ctr',
  'metaPurchases',
  'metaPurchaseValueCents',
  'metaRoas',
] as const satisfies readonly (keyof FacebookAdInsightFigures)[];
const ourNames = [
  'orders',
  'revenueCents',
  'roas',
  'revenueGapCents',
] as const satisfies readonly (keyof FacebookAdFigures)[];

type Periods<F> = { current: F; previous: F };

const periodColumns = <Row extends Periods<F>, F>(names: readonly (keyof F & string)[]): CsvColumn<Row>[] =>
  (['current', 'previous'] as const).flatMap((period) =>
    names.map((name) => ({
      header: `${period}${name[0]?.toUpperCase()}${name.slice(1)}`,
      value: (row: Row) => row[period][name] as CsvValue,
    })),
  );

const once = <Row>(columns: CsvColumn<Row>[], rows: Row[]) =>
  csvStream(
    columns,
    (async function* () {
      yield rows;
    })(),
  );

const allFigures = [...metaNames, ...ourNames];

export const totalCsv = (a: FacebookAdsTotal) =>
  once<FacebookAdsTotal['overTime'][number]>(
    [
      { header: 'start', value: (r) => r.start },
      { header: 'previousStart', value: (r) => r.previousStart },
      ...periodColumns<FacebookAdsTotal['overTime'][number], FacebookAdFigures>(allFigures),
    ],
    a.overTime,
  );

export const campaignsCsv = (a: FacebookAdsCampaigns) =>
  once<FacebookAdsCampaigns['rows'][number]>(
    [
      { header: 'campaignExternalId', value: (r) => r.externalId ?? 'none' },
      { header: 'campaign', value: (r) => r.name },
      { header: 'status', value: (r) => r.status },
      ...periodColumns<FacebookAdsCampaigns['rows'][number], FacebookAdFigures>(allFigures),
    ],
    a.rows,
  );

export const insightsCsv = (a: FacebookAdsInsights) =>
  once<FacebookAdsInsights['rows'][number]>(
    [
      { header: 'adExternalId', value: (r) => r.externalId },
      { header: 'ad', value: (r) => r.name },
      { header: 'adSet', value: (r) => r.adSetName },
      { header: 'campaign', value: (r) => r.campaignName },
      ...periodColumns<FacebookAdsInsights['rows'][number], FacebookAdInsightFigures>(metaNames),
    ],
    a.rows,
  );

/** The attributed orders, streamed batch by batch: exactly the rows the list's filters select, in its order. */
export const ordersCsv = (batches: AsyncIterable<FacebookAdOrder[]>) =>
  csvStream<FacebookAdOrder>(
    [
      { header: 'number', value: (r) => r.number },
      { header: 'paidAt', value: (r) => r.paidAt },
      { header: 'kind', value: (r) => r.kind },
      { header: 'status', value: (r) => r.status },
      { header: 'totalCents', value: (r) => r.totalCents },
      { header: 'utmSource', value: (r) => r.utmSource },
      { header: 'utmCampaign', value: (r) => r.utmCampaign },
      { header: 'fbclid', value: (r) => r.hasFbclid },
      { header: 'campaign', value: (r) => r.campaignName },
    ],
    batches,
  );
