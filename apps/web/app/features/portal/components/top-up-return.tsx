import './portal-money.css';
import { describeError } from '@esim/ui/describe-error';
import { formatPrice } from '@esim/ui/format';
import { Button, Group, Paper, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError, Loading, Notice } from '../../../components/query-status';
import { useLocale } from '../../../lib/use-locale';
import { useBalances } from '../api/get-balances';
import { downloadPortalFile } from '../api/portal-download';
import { confirmTopUp } from '../api/top-up';

const settled = new Set(['completed', 'failed', 'cancelled', 'refunded', 'partially_refunded', 'for_review']);

/**
 * Where the card page returns after a top-up: confirms the payment (once, whether or not the webhook came first),
 * then shows the credit and bonus added, the new balances and the numbered receipt (PDF).
 */
export const TopUpReturn = ({ orderId, sessionId }: { orderId: string; sessionId: string }) => {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const confirmed = useQuery({
    queryKey: ['portal', 'top-up-return', orderId, sessionId],
    queryFn: () => confirmTopUp(orderId, sessionId),
    enabled: Boolean(orderId && sessionId),
    retry: false,
    // A payment the provider has not settled yet: ask again until it is.
    refetchInterval: (query) => (query.state.data && !settled.has(query.state.data.status) ? 1500 : false),
  });
  const done = confirmed.data?.status === 'completed';
  const balances = useBalances();
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh the balances once the credit is in.
  useEffect(() => {
    if (!done) return;
    void queryClient.invalidateQueries({ queryKey: ['portal'] });
  }, [done]);
  const [receiptError, setReceiptError] = useState<string | null>(null);

  if (!orderId || !sessionId) return <Notice tone="error">{t('portal:topUp.returnMissing')}</Notice>;
  if (confirmed.isPending) return <Loading />;
  if (confirmed.isError) return <LoadError error={confirmed.error} />;
  const order = confirmed.data;

  if (!done && settled.has(order.status))
    return (
      <Notice tone="error" testId="top-up-failed">
        {t('portal:topUp.failed')} <Link to="/portal/top-up">{t('portal:topUp.tryAgain')}</Link>
      </Notice>
    );
  if (!done) return <Notice testId="top-up-waiting">{t('portal:topUp.waiting')}</Notice>;

  const receipt = async () => {
    setReceiptError(null);
    try {
      await downloadPortalFile(`/portal/topups/${order.id}/receipt`, {}, `receipt-${order.number}.pdf`);
    } catch (error) {
      setReceiptError(describeError(t, error, 'GENERIC'));
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={620} data-testid="top-up-done">
      <Notice tone="success">{t('portal:topUp.success')}</Notice>
      <Title order={2} size="h4" mb="sm">
        {t('portal:topUp.receiptHeading', { number: order.number })}
      </Title>
      <dl className="portal-facts">
        <div>
          <dt>{t('portal:topUp.creditAdded')}</dt>
          <dd data-testid="added-credit">{formatPrice(order.totalCents, locale)}</dd>
        </div>
        <div>
          <dt>{t('portal:topUp.bonusAdded')}</dt>
          <dd data-testid="added-bonus">{formatPrice(order.bonusCents ?? 0, locale)}</dd>
        </div>
        {balances.data ? (
          <>
            <div>
              <dt>{t('portal:money.credit')}</dt>
              <dd data-testid="new-credit">{formatPrice(balances.data.creditCents, locale)}</dd>
            </div>
            <div>
              <dt>{t('portal:money.bonus')}</dt>
              <dd data-testid="new-bonus">{formatPrice(balances.data.bonusCents, locale)}</dd>
            </div>
            <div>
              <dt>{t('portal:money.total')}</dt>
              <dd data-testid="new-total">{formatPrice(balances.data.totalCents, locale)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {receiptError ? <Notice tone="error">{receiptError}</Notice> : null}
      <Group mt="lg" gap="sm">
        <Button variant="outline" onClick={() => void receipt()} data-testid="top-up-receipt">
          {t('portal:topUp.receipt')}
        </Button>
        <Button component={Link} to="/portal" data-testid="top-up-home">
          {t('portal:topUp.toHome')}
        </Button>
      </Group>
    </Paper>
  );
};
