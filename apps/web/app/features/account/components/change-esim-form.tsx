import type { CustomerEsim } from '@esim/contracts';
import { isApiError } from '@esim/ui/api-client';
import { describeError } from '@esim/ui/describe-error';
import { formatPrice } from '@esim/ui/format';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading, Notice } from '../../../components/query-status';
import { useLocale } from '../../../lib/use-locale';
import { usePageRestore } from '../../../lib/use-page-restore';
import { changeEsim } from '../api/change-esim';
import { useChangeQuote } from '../api/get-change-quote';
import { esimDigits } from '../format';

const steps = ['buy', 'move', 'old', 'install'] as const;

/**
 * Change eSIM (SPEC section 4): what happens, what it costs and how many packages move, a confirmation, then
 * the card payment. The pay button is disabled until confirmed and from the first click until the page is left.
 */
export const ChangeEsimForm = ({ esim }: { esim: CustomerEsim }) => {
  const { t } = useTranslation();
  const locale = useLocale();
  const quote = useChangeQuote(esim.id, locale);
  const [confirmed, setConfirmed] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submitting = useRef(false);

  usePageRestore(() => {
    submitting.current = false;
    setLeaving(false);
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || !quote.data || submitting.current) return;
    submitting.current = true;
    setLeaving(true);
    setError(null);
    try {
      const order = await changeEsim(esim.id, quote.data.priceCents);
      window.location.assign(order.checkoutUrl);
    } catch (failure) {
      submitting.current = false;
      setLeaving(false);
      setError(describeError(t, failure));
      // The fee changed since it was shown: the message names it, the summary and button show it (ADR 0093).
      if (isApiError(failure) && failure.code === 'PRICE_CHANGED') void quote.refetch();
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="change-what-happens">
        <Title order={2} size="h4" id="change-what-happens" mb="xs">
          {t('account:change.whatHappens')}
        </Title>
        <ol className="account-steps" data-testid="change-steps">
          {steps.map((step) => (
            <li key={step}>{t(`account.change.steps.${step}`)}</li>
          ))}
        </ol>
      </Paper>
      {quote.isPending ? <Loading /> : null}
      {quote.isError ? <LoadError error={quote.error} onRetry={() => void quote.refetch()} /> : null}
      {quote.data ? (
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="change-summary">
          <Title order={2} size="h4" id="change-summary" mb="xs">
            {t('account:change.summary')}
          </Title>
          <dl className="account-facts" data-testid="change-quote">
            <div>
              <dt>{t('account:change.replaces')}</dt>
              <dd>{t('account:esim.label', { digits: esimDigits(esim) })}</dd>
            </div>
            <div>
              <dt>{t('account.change.packagesToMove')}</dt>
              <dd data-testid="packages-to-move">{quote.data.packagesToMove}</dd>
            </div>
            <div>
              <dt>{t('account:change.price')}</dt>
              <dd data-testid="change-price">{formatPrice(quote.data.priceCents, locale)}</dd>
            </div>
          </dl>
          <form onSubmit={(event) => void onSubmit(event)} noValidate style={{ marginTop: 16 }}>
            <label className="account-choice" style={{ marginBottom: 12 }}>
              <input
                type="checkbox"
                checked={confirmed}
                onChange={(event) => setConfirmed(event.currentTarget.checked)}
                data-testid="change-confirm"
              />
              <span>{t('account:change.confirm')}</span>
            </label>
            <div aria-live="polite">
              {error ? (
                <Notice tone="error" testId="change-error">
                  {error}
                </Notice>
              ) : null}
            </div>
            <Button
              type="submit"
              mt="sm"
              size="md"
              fullWidth
              loading={leaving}
              disabled={!confirmed || leaving}
              data-testid="change-pay"
            >
              {t('account:change.pay', { price: formatPrice(quote.data.priceCents, locale) })}
            </Button>
            <Text size="sm" c="dark.6" mt="xs" aria-live="polite">
              {leaving ? t('account:redirecting') : t('checkout:order.secureNote')}
            </Text>
          </form>
        </Paper>
      ) : null}
    </Stack>
  );
};
