import './portal-money.css';
import { creditEntryKinds } from '@esim/contracts/portal';
import { describeError } from '@esim/ui/describe-error';
import { formatDateTime, formatPrice } from '@esim/ui/format';
import { Button, Paper, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError, Loading, Notice } from '../../../components/query-status';
import { useLocale } from '../../../lib/use-locale';
import { statementPageSize, useStatement } from '../api/get-statement';
import { downloadPortalFile } from '../api/portal-download';
import { MoneyPager } from './money-pager';

const isDay = (value: string | null): value is string => Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value));
const today = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 8)}01`;

/** The period and page in the address (`?from=2026-11-01&to=2026-11-24&page=2`): back and reload keep them. */
const usePeriod = () => {
  const [params, setParams] = useSearchParams();
  const from = isDay(params.get('from')) ? (params.get('from') as string) : monthStart();
  const to = isDay(params.get('to')) ? (params.get('to') as string) : today();
  const page = Math.max(1, Math.min(10_000, Number(params.get('page')) || 1));
  const set = (next: { from: string; to: string; page?: number }) =>
    setParams({
      from: next.from,
      to: next.to,
      ...(next.page && next.page > 1 ? { page: String(next.page) } : {}),
    });
  return { from, to, page, set };
};

/**
 * The statement (issue 11): a date range, opening balance, the ledger with its running balance, totals per kind,
 * closing balance; the same period as CSV and as a PDF with the shop's details.
 */
export const StatementView = () => {
  const { t } = useTranslation();
  const locale = useLocale();
  const period = usePeriod();
  const [draft, setDraft] = useState({ from: period.from, to: period.to });
  const statement = useStatement({ from: period.from, to: period.to, page: period.page });
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    period.set({ from: draft.from, to: draft.to });
  };
  const download = async (kind: 'csv' | 'pdf') => {
    setDownloadError(null);
    try {
      await downloadPortalFile(
        `/portal/credits/statement.${kind}`,
        { from: period.from, to: period.to },
        `statement-${period.from}-${period.to}.${kind}`,
      );
    } catch (error) {
      setDownloadError(describeError(t, error, 'GENERIC'));
    }
  };

  return (
    <>
      <form className="portal-filters" onSubmit={apply} aria-label={t('portal:statement.periodLabel')}>
        <label>
          {t('common:fields.from')}
          <input
            type="date"
            value={draft.from}
            max={draft.to}
            onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
            data-testid="statement-from"
          />
        </label>
        <label>
          {t('common:fields.to')}
          <input
            type="date"
            value={draft.to}
            min={draft.from}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
            data-testid="statement-to"
          />
        </label>
        <Button type="submit" variant="outline" data-testid="statement-apply">
          {t('portal:statement.show')}
        </Button>
        <Button variant="default" onClick={() => void download('csv')} data-testid="statement-csv">
          {t('portal:statement.csv')}
        </Button>
        <Button variant="default" onClick={() => void download('pdf')} data-testid="statement-pdf">
          {t('portal:statement.pdf')}
        </Button>
      </form>
      {downloadError ? <Notice tone="error">{downloadError}</Notice> : null}
      {statement.isPending ? (
        <Loading />
      ) : statement.isError ? (
        <LoadError error={statement.error} onRetry={() => void statement.refetch()} />
      ) : (
        <div aria-busy={statement.isPlaceholderData}>
          <dl className="portal-facts" style={{ marginBottom: 16 }}>
            <div>
              <dt>{t('portal:statement.opening')}</dt>
              <dd data-testid="statement-opening">
                {formatPrice(statement.data.opening.totalCents, locale)}
              </dd>
            </div>
            <div>
              <dt>{t('portal:statement.closing')}</dt>
              <dd data-testid="statement-closing">
                {formatPrice(statement.data.closing.totalCents, locale)}
              </dd>
            </div>
            <div>
              <dt>{t('portal:money.credit')}</dt>
              <dd>{formatPrice(statement.data.closing.creditCents, locale)}</dd>
            </div>
            <div>
              <dt>{t('portal:money.bonus')}</dt>
              <dd>{formatPrice(statement.data.closing.bonusCents, locale)}</dd>
            </div>
          </dl>
          <Paper withBorder radius="lg" p="md" mb="md" component="section" aria-labelledby="statement-totals">
            <Title order={2} size="h5" id="statement-totals" mb="xs">
              {t('portal:statement.totals')}
            </Title>
            <dl className="portal-facts" data-testid="statement-totals">
              {creditEntryKinds.map((kind) => (
                <div key={kind}>
                  <dt>{t(`portal:entryKinds.${kind}`)}</dt>
                  <dd>{formatPrice(statement.data.totals[kind] ?? 0, locale)}</dd>
                </div>
              ))}
            </dl>
          </Paper>
          {statement.data.entries.total === 0 ? (
            <Notice testId="statement-empty">{t('portal:statement.empty')}</Notice>
          ) : (
            <table className="portal-table portal-table--stack" data-testid="statement-table">
              <caption className="visually-hidden">{t('portal:statement.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('portal:statement.date')}</th>
                  <th scope="col">{t('portal:statement.entry')}</th>
                  <th scope="col">{t('portal:statement.order')}</th>
                  <th scope="col" className="portal-num">
                    {t('portal:statement.amount')}
                  </th>
                  <th scope="col" className="portal-num">
                    {t('portal:statement.balance')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {statement.data.entries.items.map((entry) => (
                  <tr key={entry.id} data-testid="statement-entry" data-kind={entry.kind}>
                    <td data-label={t('portal:statement.date')} className="portal-nowrap">
                      {formatDateTime(entry.createdAt, locale)}
                    </td>
                    <td data-label={t('portal:statement.entry')}>
                      {t(`portal:entryKinds.${entry.kind}`)}
                      {entry.kind === 'topup' || entry.kind === 'bonus'
                        ? null
                        : ` (${t(`portal:money.${entry.bucket}`)})`}
                    </td>
                    <td data-label={t('portal:statement.order')}>
                      <span dir="ltr">{entry.orderNumber ?? '—'}</span>
                    </td>
                    <td
                      data-label={t('portal:statement.amount')}
                      className={`portal-num ${entry.amountCents < 0 ? 'portal-amount-out' : 'portal-amount-in'}`}
                    >
                      {formatPrice(entry.amountCents, locale)}
                    </td>
                    <td data-label={t('portal:statement.balance')} className="portal-num">
                      {formatPrice(entry.balanceAfterCents, locale)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <MoneyPager
            page={period.page}
            pages={Math.max(1, Math.ceil(statement.data.entries.total / statementPageSize))}
            onPage={(page) => period.set({ from: period.from, to: period.to, page })}
            label={t('portal:statement.pagination')}
          />
        </div>
      )}
    </>
  );
};
