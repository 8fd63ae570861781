import '../../../styles/form-styles';
import { describeError } from '@esim/ui/describe-error';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/query-status';
import { useDeliverEsim } from '../api/deliver-esim';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/**
 * Hands an eSIM's install details to the subscriber: by e-mail (to the subscriber's address), by SMS (to the
 * number typed here) or as a printable PDF with the shop's name and logo. Each is recorded on the subscriber.
 */
export const EsimDelivery = ({ esimId, email }: { esimId: string; email: string }) => {
  const { t } = useTranslation();
  const deliver = useDeliverEsim(esimId);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [smsOpen, setSmsOpen] = useState(false);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const headingId = useId();

  const run = async (body: Parameters<typeof deliver.mutateAsync>[0], success: string) => {
    setOutcome(null);
    setPhoneError(null);
    try {
      await deliver.mutateAsync(body);
      setOutcome({ tone: 'success', text: success });
      if (body.channel === 'sms') setSmsOpen(false);
    } catch (error) {
      const fieldError = (error as { errors?: Record<string, string[]> }).errors?.phone?.[0];
      if (body.channel === 'sms' && fieldError) setPhoneError(fieldError);
      else setOutcome({ tone: 'error', text: describeError(t, error) });
    }
  };

  const onSms = (event: FormEvent) => {
    event.preventDefault();
    if (phone.trim() === '') {
      setPhoneError(t('portal:subscribers.delivery.phoneRequired'));
      return;
    }
    void run({ channel: 'sms', phone }, t('portal:subscribers.delivery.smsSent', { phone }));
  };

  const busy = deliver.isPending;
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby={headingId}
      data-testid="esim-delivery"
    >
      <Title order={2} size="h3" id={headingId} mb={4}>
        {t('portal:subscribers.delivery.heading')}
      </Title>
      <Text size="sm" mb="md">
        {t('portal:subscribers.delivery.intro')}
      </Text>
      <Group gap="sm">
        <Button
          onClick={() =>
            void run({ channel: 'email' }, t('portal:subscribers.delivery.emailSent', { email }))
          }
          // The message names the address: wait until it is known (the wizard loads the subscriber after the order).
          disabled={busy || !email}
          data-testid="deliver-email"
        >
          {t('portal:subscribers.delivery.email')}
        </Button>
        <Button
          variant="outline"
          onClick={() => setSmsOpen((open) => !open)}
          aria-expanded={smsOpen}
          disabled={busy}
          data-testid="deliver-sms-open"
        >
          {t('portal:subscribers.delivery.sms')}
        </Button>
        <Button
          variant="outline"
          onClick={() => void run({ channel: 'print' }, t('portal:subscribers.delivery.printed'))}
          disabled={busy}
          data-testid="deliver-print"
        >
          {t('portal:subscribers.delivery.print')}
        </Button>
      </Group>
      {smsOpen ? (
        <form onSubmit={onSms} noValidate style={{ marginTop: 16 }}>
          <Stack gap="xs" maw={360}>
            <TextInput
              type="tel"
              label={t('common:fields.phone')}
              description={t('portal:subscribers.delivery.phoneHint')}
              placeholder={t('portal:subscribers.delivery.phonePlaceholder')}
              maxLength={25}
              autoComplete="off"
              value={phone}
              onChange={(event) => setPhone(event.currentTarget.value)}
              error={phoneError}
              data-testid="deliver-sms-phone"
            />
            <Button
              type="submit"
              loading={busy}
              style={{ alignSelf: 'flex-start' }}
              data-testid="deliver-sms"
            >
              {t('portal:subscribers.delivery.smsSend')}
            </Button>
          </Stack>
        </form>
      ) : null}
      <div aria-live="polite" style={{ marginTop: outcome ? 16 : 0 }}>
        {outcome ? (
          <Notice tone={outcome.tone} testId="delivery-outcome">
            {outcome.text}
          </Notice>
        ) : null}
      </div>
    </Paper>
  );
};
