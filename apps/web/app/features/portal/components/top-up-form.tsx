import '../../../styles/form-styles';
import './portal-money.css';
import type { TopUpQuote } from '@esim/contracts/portal';
import { isApiError } from '@esim/ui/api-client';
import { describeError } from '@esim/ui/describe-error';
import { formatPrice } from '@esim/ui/format';
import { Alert, Button, Group, Paper, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { createTopUp, getTopUpQuote, newIdempotencyKey } from '../api/top-up';
import { parseTopUpAmount } from '../top-up-amount';

type Step = 'amount' | 'summary';

const minimumCents = 20_000;

const alertStyles = { message: { color: 'var(--mantine-color-dark-9)' } };

/**
 * Top up credits (SPEC section 4): enter an amount, continue to payment, see the order summary and payment details
 * (the bonus is the server's quote, exactly what is credited), place the order, go back at each step. Placing the
 * order opens the card page (the payments port); the provider returns to /portal/top-up/return.
 */
export const TopUpForm = ({ cancelled }: { cancelled: boolean }) => {
  const { t } = useTranslation();
  const locale = useLocale();
  const [step, setStep] = useState<Step>('amount');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [quote, setQuote] = useState<TopUpQuote | null>(null);
  const [placeError, setPlaceError] = useState<string | null>(null);
  const key = useRef('');
  // A double click sends one request (the server's idempotency key makes a second one the same order anyway).
  const inFlight = useRef(false);
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  const amountInput = useRef<HTMLInputElement>(null);

  const quoting = useMutation({ mutationFn: getTopUpQuote });
  const placing = useMutation({ mutationFn: createTopUp });

  const errorText = (rule: 'required' | 'numberInvalid' | 'wholeCents' | 'minimum') => {
    const field = t('portal:topUp.amountLabel');
    if (rule === 'minimum') return t('common:portal.minimumTopUp');
    if (rule === 'wholeCents') return t('portal:topUp.wholeCents');
    return t(`common:validation.${rule}`, { field });
  };

  const continueToPayment = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseTopUpAmount(amount, minimumCents);
    if ('error' in parsed) {
      setAmountError(errorText(parsed.error));
      amountInput.current?.focus();
      return;
    }
    setAmountError(null);
    try {
      const answer = await quoting.mutateAsync(parsed.cents);
      setQuote(answer);
      key.current = newIdempotencyKey();
      setPlaceError(null);
      setStep('summary');
      requestAnimationFrame(() => summaryHeading.current?.focus());
    } catch (error) {
      setAmountError(
        isApiError(error)
          ? (error.errors?.amountCents?.join(' ') ?? describeError(t, error, 'GENERIC'))
          : describeError(t, error, 'GENERIC'),
      );
      amountInput.current?.focus();
    }
  };

  const placeOrder = async () => {
    if (!quote || inFlight.current) return;
    inFlight.current = true;
    setPlaceError(null);
    try {
      const order = await placing.mutateAsync({
        amountCents: quote.amountCents,
        idempotencyKey: key.current,
      });
      window.location.assign(order.checkoutUrl);
    } catch (error) {
      inFlight.current = false;
      setPlaceError(describeError(t, error, 'GENERIC'));
    }
  };

  const back = () => {
    setStep('amount');
    requestAnimationFrame(() => amountInput.current?.focus());
  };

  const steps = [
    { id: 'amount', label: t('portal:topUp.stepAmount') },
    { id: 'summary', label: t('portal:topUp.stepSummary') },
    { id: 'pay', label: t('portal:topUp.stepPay') },
  ];

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={560}>
      <ol className="portal-steps" aria-label={t('portal:topUp.stepsLabel')}>
        {steps.map((s, index) => (
          <li key={s.id} aria-current={s.id === step ? 'step' : undefined}>
            {index + 1}. {s.label}
          </li>
        ))}
      </ol>
      {cancelled && step === 'amount' ? (
        <Alert color="accent.9" variant="outline" styles={alertStyles} mb="md" data-testid="top-up-cancelled">
          {t('portal:topUp.cancelled')}
        </Alert>
      ) : null}
      {step === 'amount' ? (
        <form onSubmit={(event) => void continueToPayment(event)} noValidate data-testid="top-up-amount-form">
          <TextInput
            ref={amountInput}
            label={t('portal:topUp.amountLabel')}
            description={t('portal:topUp.amountHint', { minimum: formatPrice(minimumCents, locale) })}
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={amountError}
            inputMode="decimal"
            autoComplete="off"
            required
            data-testid="top-up-amount"
            rightSection={<span aria-hidden="true">€</span>}
          />
          <Button type="submit" mt="md" loading={quoting.isPending} data-testid="top-up-continue">
            {t('portal:topUp.continue')}
          </Button>
        </form>
      ) : quote ? (
        <section aria-labelledby="top-up-summary" data-testid="top-up-summary">
          <Title order={2} size="h4" id="top-up-summary" ref={summaryHeading} tabIndex={-1} mb="sm">
            {t('portal:topUp.summaryHeading')}
          </Title>
          <dl className="portal-facts">
            <div>
              <dt>{t('portal:topUp.amountLabel')}</dt>
              <dd data-testid="summary-amount">{formatPrice(quote.amountCents, locale)}</dd>
            </div>
            <div>
              <dt>{t('portal:money.bonus')}</dt>
              <dd data-testid="summary-bonus">{formatPrice(quote.bonusCents, locale)}</dd>
            </div>
            <div>
              <dt>{t('portal:topUp.credited')}</dt>
              <dd data-testid="summary-credited">{formatPrice(quote.creditedCents, locale)}</dd>
            </div>
            <div>
              <dt>{t('portal:topUp.toPay')}</dt>
              <dd>{formatPrice(quote.amountCents, locale)}</dd>
            </div>
          </dl>
          <Title order={3} size="h5" mt="lg" mb={4}>
            {t('portal:topUp.paymentHeading')}
          </Title>
          <p style={{ margin: 0, fontSize: '0.9rem' }}>{t('portal:topUp.paymentDetails')}</p>
          {placeError ? (
            <Alert
              color="red.9"
              variant="outline"
              role="alert"
              styles={alertStyles}
              mt="md"
              data-testid="top-up-error"
            >
              {placeError}
            </Alert>
          ) : null}
          <Group mt="lg" gap="sm">
            <Button variant="outline" onClick={back} disabled={placing.isPending} data-testid="top-up-back">
              {t('portal:topUp.back')}
            </Button>
            <Button
              onClick={() => void placeOrder()}
              loading={placing.isPending || placing.isSuccess}
              data-testid="top-up-place-order"
            >
              {t('portal:topUp.placeOrder')}
            </Button>
          </Group>
        </section>
      ) : null}
    </Paper>
  );
};
