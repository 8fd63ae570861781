import { type ShopReport, shopIdParamsSchema } from '@esim/contracts/staff';
import { DetailPage, Section } from '@esim/ui/detail/detail-page';
import { Facts, factsFor } from '@esim/ui/detail/facts';
import { formatDate } from '@esim/ui/format';
import { readListQuery } from '@esim/ui/list/list-url-state';
import { ListView } from '@esim/ui/list/list-view';
import { useLocale } from '@esim/ui/use-locale';
import { Alert, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadState } from '../../../components/load-state';
import { downloadShopLedgerPdf, getShopReport } from '../api/get-shop-report';
import { shopLedgerList } from '../shop-reports-list';
import { PdfButton } from './pdf-button';

const fact = factsFor<ShopReport>();
const figures = [
  fact.money('openingCents'),
  fact.money('boughtCents'),
  fact.money('bonusCents'),
  fact.money('spentCents'),
  fact.money('refundsCents'),
  fact.money('adjustmentsCents'),
  fact.money('closingCents'),
  fact.number('subscribersServed'),
  fact.money('revenueCents'),
];

/**
 * One shop's report: its figures of the period and its ledger lines (paged, CSV, PDF). The figures come with the
 * ledger's answer: the same request, read from the list's cache, so both always show the same period.
 */
export const ShopReportPage = ({ shopId }: { shopId: string }) => {
  const { t } = useTranslation(['admin-finance', 'admin']);
  // An address whose id is no shop id names no shop: said here, as the API would, without asking it.
  if (!shopIdParamsSchema.safeParse({ shopId }).success)
    return (
      <Alert color="red.9" variant="outline" role="alert" data-testid="shop-report-unknown">
        {t('report.unknownShop')}
      </Alert>
    );
  return <ShopReportOf shopId={shopId} />;
};

const ShopReportOf = ({ shopId }: { shopId: string }) => {
  const { t } = useTranslation(['admin-finance', 'admin']);
  const locale = useLocale();
  const [params] = useSearchParams();
  const fixed = useMemo(() => ({ shopId }), [shopId]);
  const query = useMemo(() => readListQuery(shopLedgerList, params, fixed), [params, fixed]);
  const answer = useQuery({
    queryKey: [shopLedgerList.id, query],
    queryFn: ({ signal }) => getShopReport(query, signal),
    placeholderData: keepPreviousData,
  });
  const day = (value: string) => formatDate(value, locale);
  return (
    <Stack gap="lg">
      {answer.isSuccess ? (
        <DetailPage
          title={answer.data.report.shopName}
          subtitle={t('report.period', { from: day(answer.data.periodFrom), to: day(answer.data.periodTo) })}
          actions={<PdfButton download={() => downloadShopLedgerPdf(query)} testId="shop-report-pdf" />}
          data-testid="shop-report"
        >
          <Section title={t('report.figures')}>
            <Facts
              item={answer.data.report}
              facts={figures}
              labels="admin-finance:shopReports"
              cols={3}
              testIdPrefix="report"
            />
          </Section>
        </DetailPage>
      ) : (
        <LoadState query={answer} />
      )}
      <Section title={t('report.ledger')}>
        <ListView list={shopLedgerList} fixed={fixed} />
      </Section>
    </Stack>
  );
};
