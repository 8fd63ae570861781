import './portal-subscribers.css';
import '@mantine/core/styles/SimpleGrid.css';
import { type NewSubscriber, newSubscriberSchema, type ResellerPackage } from '@esim/contracts/portal';
import { isApiError } from '@esim/ui/api-client';
import { describeError } from '@esim/ui/describe-error';
import { FormShell } from '@esim/ui/form/form-shell';
import { SelectField } from '@esim/ui/form/select-field';
import { EmailField, TextField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { formatPrice } from '@esim/ui/format';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type AndroidGuide, EsimInstall } from '../../../components/esim-install';
import { LoadError, Loading, Notice } from '../../../components/query-status';
import { useLocale } from '../../../lib/use-locale';
import {
  createEsimChange,
  createPurchase,
  createRefill,
  newIdempotencyKey,
  type PurchaseResult,
  useChangeQuote,
} from '../api/create-purchase';
import { usePortalEsimInstall } from '../api/deliver-esim';
import { useOrderStatus } from '../api/get-order-status';
import { getResellerPackage } from '../api/get-package-choices';
import { useSubscriber } from '../api/get-subscriber';
import { useSubscribers } from '../api/get-subscribers';
import { packageTerms, subscriberPath } from '../format';
import { EsimDelivery } from './esim-delivery';
import { PackageChoice, RefillPackageChoice } from './package-choice';

export type WizardMode = 'new' | 'refill' | 'change';
type Step = 'package' | 'confirm' | 'done';
const stepsOf: Record<WizardMode, Step[]> = {
  new: ['package', 'confirm', 'done'],
  refill: ['package', 'confirm', 'done'],
  change: ['confirm', 'done'],
};

const alertStyles = { message: { color: 'var(--mantine-color-dark-9)' } };

/** SPEC section 8's clear message when the credit is short: the amount missing, and the way to top up. */
const FinishError = ({ error }: { error: unknown }) => {
  const { t } = useTranslation();
  const short = isApiError(error) && error.code === 'INSUFFICIENT_CREDIT';
  return (
    <Alert color="red.9" variant="outline" role="alert" styles={alertStyles} data-testid="finish-error">
      {describeError(t, error)}
      {short ? (
        <Button
          component={Link}
          to="/portal/top-up"
          mt="sm"
          size="compact-md"
          display="block"
          w="fit-content"
        >
          {t('portal:subscribers.wizard.topUp')}
        </Button>
      ) : null}
    </Alert>
  );
};

const StepList = ({ steps, current }: { steps: Step[]; current: Step }) => {
  const { t } = useTranslation();
  return (
    <ol
      className="wizard-steps"
      aria-label={t('portal:subscribers.wizard.stepsLabel')}
      data-testid="wizard-steps"
    >
      {steps.map((step) => (
        <li key={step} aria-current={step === current ? 'step' : undefined}>
          {t(`portal:subscribers.wizard.steps.${step}`)}
        </li>
      ))}
    </ol>
  );
};

const PackageSummary = ({ pkg }: { pkg: ResellerPackage }) => {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <dl className="portal-facts" data-testid="package-summary">
      <div>
        <dt>{t('portal:subscribers.wizard.package')}</dt>
        <dd>{pkg.name}</dd>
      </div>
      <div>
        <dt>{t('portal:subscribers.wizard.terms')}</dt>
        <dd>{packageTerms(pkg, locale, t('account.packages.unlimitedData'))}</dd>
      </div>
      <div>
        <dt>{t('portal:subscribers.wizard.resellerPrice')}</dt>
        <dd data-testid="summary-price">{formatPrice(pkg.resellerPriceCents, locale)}</dd>
      </div>
      <div>
        <dt>{t('portal:subscribers.wizard.retailPrice')}</dt>
        <dd>{formatPrice(pkg.retailPriceCents, locale)}</dd>
      </div>
    </dl>
  );
};

type Finish = (send: (key: string) => Promise<PurchaseResult>) => Promise<void>;

/** Confirm data: a new subscriber's name, last name, e-mail and country, or one of the shop's subscribers. */
const ConfirmSubscriber = ({
  countries,
  finish,
  pkg,
  onBack,
  busy,
  presetSubscriberId,
}: {
  countries: { code: string; name: string }[];
  finish: Finish;
  pkg: ResellerPackage;
  onBack: () => void;
  busy: boolean;
  presetSubscriberId: string | null;
}) => {
  const { t } = useTranslation();
  const locale = useLocale();
  const [who, setWho] = useState<'new' | 'existing'>(presetSubscriberId ? 'existing' : 'new');
  const [q, setQ] = useState('');
  const [search] = useDebouncedValue(q.trim(), 300);
  const [picked, setPicked] = useState<string | null>(presetSubscriberId);
  const existing = useSubscribers({ q: search || undefined, pageSize: 8 }, who === 'existing');
  // A subscriber's page links here with `?subscriber=<id>`: that subscriber comes first, chosen.
  const preset = useSubscriber(presetSubscriberId ?? '', Boolean(presetSubscriberId));
  const choices = [
    ...(preset.data ? [preset.data.subscriber] : []),
    ...(existing.data?.items ?? []).filter((s) => s.id !== presetSubscriberId),
  ];
  const form = useApiForm(newSubscriberSchema, {
    defaultValues: { name: '', lastname: '', email: '', country: '' } as NewSubscriber,
    onSubmit: (subscriber) =>
      finish((idempotencyKey) =>
        createPurchase({
          packageSlug: pkg.slug,
          subscriber,
          idempotencyKey,
          expectedTotalCents: pkg.resellerPriceCents,
        }),
      ),
    // The wizard shows the purchase's errors itself (with the top-up link when the credit is short).
    onError: () => null,
  });
  const backButton = (
    <Button variant="outline" onClick={onBack} disabled={busy} data-testid="wizard-back">
      {t('portal:subscribers.wizard.back')}
    </Button>
  );
  return (
    <Stack gap="md">
      <fieldset className="choice-group">
        <legend className="choice-group__legend">{t('portal:subscribers.wizard.whoLegend')}</legend>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: '8px 24px' }}>
          {(['new', 'existing'] as const).map((option) => (
            <label key={option} className="choice">
              <input
                type="radio"
                name="subscriber-kind"
                checked={who === option}
                onChange={() => setWho(option)}
                data-testid={`who-${option}`}
              />
              <span>{t(`portal:subscribers.wizard.who.${option}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {who === 'new' ? (
        <FormShell form={form} data-testid="subscriber-form">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField form={form} name="name" autoComplete="off" required />
            <TextField form={form} name="lastname" autoComplete="off" required />
          </SimpleGrid>
          <EmailField form={form} name="email" autoComplete="off" required />
          <SelectField
            form={form}
            name="country"
            required
            placeholder={t('portal:subscribers.wizard.chooseCountry')}
            options={countries.map((c) => ({ value: c.code, label: c.name }))}
            emptyValue=""
            data-testid="subscriber-country"
          />
          <Group gap="sm">
            {backButton}
            <Button type="submit" loading={busy} className="wizard-action" data-testid="wizard-finish">
              {t('portal:subscribers.wizard.finish', { price: formatPrice(pkg.resellerPriceCents, locale) })}
            </Button>
          </Group>
        </FormShell>
      ) : (
        <Stack gap="sm">
          <TextInput
            type="search"
            label={t('portal:subscribers.wizard.findSubscriber')}
            value={q}
            onChange={(event) => setQ(event.currentTarget.value)}
            maxLength={100}
            maw={420}
            data-testid="existing-search"
          />
          {existing.isPending ? <Loading /> : null}
          {existing.isError ? <LoadError error={existing.error} /> : null}
          {existing.data && existing.data.total === 0 ? (
            <Text>{t('portal:subscribers.wizard.noSubscribers')}</Text>
          ) : null}
          <fieldset className="choice-group">
            <legend className="choice-group__legend">{t('portal:subscribers.wizard.pickSubscriber')}</legend>
            <Stack gap={6}>
              {choices.map((s) => (
                <label key={s.id} className="choice">
                  <input
                    type="radio"
                    name="existing-subscriber"
                    checked={picked === s.id}
                    onChange={() => setPicked(s.id)}
                    data-testid="existing-option"
                  />
                  <span>
                    {s.name} {s.lastname} · <span dir="ltr">{s.email}</span>
                  </span>
                </label>
              ))}
            </Stack>
          </fieldset>
          <Group gap="sm">
            {backButton}
            <Button
              loading={busy}
              disabled={!picked}
              onClick={() =>
                picked
                  ? void finish((idempotencyKey) =>
                      createPurchase({
                        packageSlug: pkg.slug,
                        subscriberId: picked,
                        idempotencyKey,
                        expectedTotalCents: pkg.resellerPriceCents,
                      }),
                    )
                  : undefined
              }
              className="wizard-action"
              data-testid="wizard-finish"
            >
              {t('portal:subscribers.wizard.finish', { price: formatPrice(pkg.resellerPriceCents, locale) })}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
};

const EsimLine = ({ esimId }: { esimId: string }) => {
  const { t } = useTranslation();
  const install = usePortalEsimInstall(esimId);
  return install.data ? (
    <Text data-testid="wizard-esim">
      {t('account.esim.iccid')}: <span dir="ltr">{install.data.iccid}</span>
    </Text>
  ) : null;
};

/** Change eSIM: what happens, what it costs in credits, how many packages move; then finish. */
const ConfirmChange = ({ esimId, finish, busy }: { esimId: string; finish: Finish; busy: boolean }) => {
  const { t } = useTranslation();
  const locale = useLocale();
  const quote = useChangeQuote(esimId);
  return (
    <Stack gap="md">
      <EsimLine esimId={esimId} />
      <ol data-testid="change-steps" style={{ margin: 0, paddingInlineStart: 20 }}>
        {(['buy', 'move', 'old', 'install'] as const).map((step) => (
          <li key={step}>{t(`account.change.steps.${step}`)}</li>
        ))}
      </ol>
      {quote.isPending ? <Loading /> : null}
      {quote.isError ? <LoadError error={quote.error} onRetry={() => void quote.refetch()} /> : null}
      {quote.data ? (
        <>
          <dl className="portal-facts" data-testid="change-quote">
            <div>
              <dt>{t('account.change.packagesToMove')}</dt>
              <dd>{quote.data.packagesToMove}</dd>
            </div>
            <div>
              <dt>{t('portal:subscribers.wizard.resellerPrice')}</dt>
              <dd>{formatPrice(quote.data.priceCents, locale)}</dd>
            </div>
          </dl>
          <Button
            loading={busy}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => void finish((key) => createEsimChange(esimId, key, quote.data.priceCents))}
            className="wizard-action"
            data-testid="wizard-finish"
          >
            {t('portal:subscribers.wizard.finishChange', {
              price: formatPrice(quote.data.priceCents, locale),
            })}
          </Button>
        </>
      ) : null}
    </Stack>
  );
};

const failedStatuses = new Set(['failed', 'refunded', 'cancelled', 'for_review']);

/** The last step: the order's progress, then the QR code, manual details, one-tap link and the deliveries. */
const Done = ({ orderId, mode, android }: { orderId: string; mode: WizardMode; android: AndroidGuide }) => {
  const { t } = useTranslation();
  const status = useOrderStatus(orderId);
  if (status.isPending) return <Loading />;
  if (status.isError) return <LoadError error={status.error} onRetry={() => void status.refetch()} />;
  const { order, esim } = status.data;
  const subscriber = order.subscriber;
  const links = (
    <Group gap="sm">
      {subscriber ? (
        <Button
          component={Link}
          to={subscriberPath(subscriber.id)}
          variant="outline"
          data-testid="open-subscriber"
        >
          {t('portal:subscribers.wizard.openSubscriber')}
        </Button>
      ) : null}
      <Button component={Link} to="/portal/new-subscriber" variant="outline" data-testid="wizard-again">
        {t('portal:subscribers.wizard.another')}
      </Button>
    </Group>
  );
  if (failedStatuses.has(order.status))
    return (
      <Stack gap="md">
        <Notice tone="error" testId="order-failed">
          {t('portal:subscribers.wizard.failed', { number: order.number })}
        </Notice>
        {links}
      </Stack>
    );
  if (!esim)
    return (
      <Stack gap="md">
        <Text role="status" data-testid="esim-waiting">
          {t('portal:subscribers.wizard.waiting', { number: order.number })}
        </Text>
        <Loading />
      </Stack>
    );
  const name = subscriber ? `${subscriber.name} ${subscriber.lastname}` : '';
  return (
    <Stack gap="lg" data-testid="wizard-done">
      <Notice tone="success" testId="wizard-success">
        {mode === 'refill'
          ? t('portal:subscribers.wizard.refilled', { name, package: order.packageName ?? '' })
          : mode === 'change'
            ? t('portal:subscribers.wizard.changed', { name })
            : t('portal:subscribers.wizard.ready', { name, number: order.number })}
      </Notice>
      {links}
      {mode === 'refill' ? null : (
        <>
          <DeliveryFor esimId={esim.esimId} subscriberId={subscriber?.id ?? null} />
          <EsimInstall esim={esim} packageName={order.packageName ?? ''} android={android} />
        </>
      )}
    </Stack>
  );
};

/** The delivery actions, with the subscriber's e-mail address (shown in the e-mail button's message). */
const DeliveryFor = ({ esimId, subscriberId }: { esimId: string; subscriberId: string | null }) => {
  const detail = useSubscriber(subscriberId ?? '');
  return <EsimDelivery esimId={esimId} email={detail.data?.subscriber.email ?? ''} />;
};

/**
 * The new-subscriber wizard (SPEC section 4): choose package → continue → confirm data → back or finish; the
 * last step shows the eSIM as soon as it arrives. The same wizard refills a subscriber's eSIM (choose package →
 * confirm → finish) and changes it (confirm → finish). One idempotency key per run: a double click is one order.
 */
export const SubscriberWizard = ({
  mode,
  esimId,
  presetSlug,
  orderId: initialOrderId,
  presetSubscriberId,
  countries,
  android,
  intro,
}: {
  mode: WizardMode;
  esimId: string | null;
  presetSlug: string | null;
  orderId: string | null;
  presetSubscriberId: string | null;
  countries: { code: string; name: string }[];
  android: AndroidGuide;
  intro?: ReactNode;
}) => {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const client = useQueryClient();
  const steps = stepsOf[mode];
  const [step, setStep] = useState<Step>(initialOrderId ? 'done' : (steps[0] ?? 'confirm'));
  const [pkg, setPkg] = useState<ResellerPackage | null>(null);
  const [orderId, setOrderId] = useState<string | null>(initialOrderId);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  // Drawn once per run of the wizard: every finish of this run (a double click, a retry) is the same order.
  const key = useRef(newIdempotencyKey());
  const sending = useRef(false);

  /** The prices now, where the wizard shows them: the chosen package, the price lists, the change fee. */
  const showPriceNow = async () => {
    const now = pkg && mode !== 'change' ? await getResellerPackage(pkg.slug).catch(() => null) : null;
    if (now) setPkg(now);
    await client.invalidateQueries({ queryKey: ['portal'] });
  };

  const finish: Finish = async (send) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      const result = await send(key.current);
      setOrderId(result.order.id);
      setStep('done');
      void client.invalidateQueries({ queryKey: ['portal'] });
      const params = new URLSearchParams({ mode, order: result.order.id });
      void navigate(`/portal/new-subscriber?${params}`, { replace: true, preventScrollReset: true });
    } catch (failure) {
      setError(failure);
      // Repriced during the confirm step: nothing was debited; the message names the new price and the step
      // shows it, so the next finish confirms it (ADR 0093).
      if (isApiError(failure) && failure.code === 'PRICE_CHANGED') await showPriceNow();
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const headingId = 'wizard-step-heading';
  return (
    <div data-testid="subscriber-wizard" data-mode={mode}>
      {intro}
      <StepList steps={steps} current={step} />
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={headingId}>
        <Title order={2} size="h3" id={headingId} mb="md">
          {t(`portal:subscribers.wizard.headings.${mode}.${step}`)}
        </Title>
        {step === 'package' ? (
          <Stack gap="md">
            {mode === 'refill' && esimId ? (
              <>
                <EsimLine esimId={esimId} />
                <RefillPackageChoice chosen={pkg} onChoose={setPkg} esimId={esimId} />
              </>
            ) : (
              <PackageChoice chosen={pkg} onChoose={setPkg} presetSlug={presetSlug} />
            )}
            {pkg ? <PackageSummary pkg={pkg} /> : null}
            <Button
              onClick={() => setStep('confirm')}
              disabled={!pkg}
              style={{ alignSelf: 'flex-start' }}
              data-testid="wizard-continue"
            >
              {t('portal:subscribers.wizard.continue')}
            </Button>
          </Stack>
        ) : null}
        {step === 'confirm' ? (
          <Stack gap="md">
            {pkg ? <PackageSummary pkg={pkg} /> : null}
            <div aria-live="polite">{error ? <FinishError error={error} /> : null}</div>
            {mode === 'new' && pkg ? (
              <ConfirmSubscriber
                countries={countries}
                finish={finish}
                pkg={pkg}
                onBack={() => setStep('package')}
                busy={busy}
                presetSubscriberId={presetSubscriberId}
              />
            ) : null}
            {mode === 'refill' && pkg && esimId ? (
              <>
                <EsimLine esimId={esimId} />
                <Group gap="sm">
                  <Button
                    variant="outline"
                    onClick={() => setStep('package')}
                    disabled={busy}
                    data-testid="wizard-back"
                  >
                    {t('portal:subscribers.wizard.back')}
                  </Button>
                  <Button
                    loading={busy}
                    onClick={() =>
                      void finish((idempotencyKey) =>
                        createRefill(esimId, {
                          packageSlug: pkg.slug,
                          idempotencyKey,
                          expectedTotalCents: pkg.resellerPriceCents,
                        }),
                      )
                    }
                    className="wizard-action"
                    data-testid="wizard-finish"
                  >
                    {t('portal:subscribers.wizard.finishRefill', {
                      price: formatPrice(pkg.resellerPriceCents, locale),
                    })}
                  </Button>
                </Group>
              </>
            ) : null}
            {mode === 'change' && esimId ? (
              <ConfirmChange esimId={esimId} finish={finish} busy={busy} />
            ) : null}
          </Stack>
        ) : null}
        {step === 'done' && orderId ? <Done orderId={orderId} mode={mode} android={android} /> : null}
      </Paper>
    </div>
  );
};
