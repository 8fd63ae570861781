import {
  type CreateRefundBody,
  createRefundBodySchema,
  type OrderRefundQuote,
  type StaffRefund,
  staffRefundKinds,
} from '@esim/contracts/staff';
import { ActionButton, ActionGroup } from '@esim/ui/detail/action-button';
import { DetailPage, Section } from '@esim/ui/detail/detail-page';
import { Facts, factsFor } from '@esim/ui/detail/facts';
import { RelatedList } from '@esim/ui/detail/related-list';
import { useAction } from '@esim/ui/detail/use-action';
import { MoneyInput } from '@esim/ui/form/money-input';
import { formatPrice } from '@esim/ui/format';
import { defineRows } from '@esim/ui/list/define-list';
import { useLocale } from '@esim/ui/use-locale';
import { Checkbox, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/load-state';
import { refundErrorCell } from '../../../components/refund-error';
import { useRefundOrder, useRefundQuote } from '../api/refund-order';
import { refundKindLabels, refundPolicyVerdict, refundStatus } from '../refunds-list';

const fact = factsFor<OrderRefundQuote>();
const amounts = [fact.money('paidCents'), fact.money('refundedCents'), fact.money('refundableCents')];
const economics = [fact.money('packageCostCents'), fact.boolean('packageUnused', 'admin:yesNo')];

/** Each refund of the order with its economics: money returned, provider cost recovered, net loss. */
const orderRefundRows = defineRows<StaffRefund>({
  id: 'order-refunds',
  labels: 'admin-refunds:list',
  rowId: (refund) => refund.id,
  columns: (col) => [
    col.custom('kind', (refund, { t }) => t(`${refundKindLabels}.${refund.kind}`)),
    col.status('status', refundStatus),
    col.money('amountCents'),
    col.money('providerCostRecoveredCents'),
    col.money('netLossCents'),
    col.custom('error', (refund, { t }) => refundErrorCell(t, refund)),
    col.date('createdAt'),
  ],
});

const { reason, policyOverrideReason } = createRefundBodySchema.shape;
const reasonBounds = { minLength: reason.minLength ?? 3, maxLength: reason.maxLength ?? 500 };
const overrideMax = policyOverrideReason.unwrap().maxLength ?? 500;

/**
 * The refund of one order (issue 31): what may still be refunded, the refund policy from settings and whether
 * this order qualifies, the economics, then the amount (all that is left, or part), the kind, a reason to
 * override the policy where it does not cover the order, and a confirm with the refund's reason.
 */
export const RefundAction = ({ orderId }: { orderId: string }) => {
  const { t } = useTranslation(['admin-refunds', 'admin']);
  const answer = useRefundQuote(orderId);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const quote = answer.data;
  return (
    <DetailPage
      title={t('action.title', { number: quote.orderNumber })}
      status={{ statuses: refundPolicyVerdict, value: quote.policy.verdict, 'data-testid': 'refund-policy' }}
      data-testid="refund-action"
    >
      <Text>{t('action.policy', { days: quote.policy.days })}</Text>
      <Facts item={quote} facts={amounts} labels="admin-refunds:action" testIdPrefix="refund" />
      <Section title={t('action.economics')}>
        <Facts item={quote} facts={economics} labels="admin-refunds:action" testIdPrefix="refund" />
      </Section>
      {quote.refundable ? (
        <RefundForm quote={quote} />
      ) : (
        <Text data-testid="refund-not-refundable">{t('action.notRefundable')}</Text>
      )}
      <Section title={t('action.refunds')}>
        <RelatedList
          rows={orderRefundRows}
          items={quote.refunds}
          label={t('action.refunds')}
          empty={t('action.noRefunds')}
        />
      </Section>
    </DetailPage>
  );
};

const RefundForm = ({ quote }: { quote: OrderRefundQuote }) => {
  const { t } = useTranslation(['admin-refunds', 'admin']);
  const locale = useLocale();
  const action = useAction(useRefundOrder(quote.orderId));
  const [full, setFull] = useState(true);
  const [amountCents, setAmountCents] = useState<number | undefined>(undefined);
  const [kind, setKind] = useState<CreateRefundBody['kind']>('order');
  const [override, setOverride] = useState('');
  const needsOverride = quote.policy.verdict !== 'qualifies';
  const cents = full ? quote.refundableCents : (amountCents ?? 0);
  const body = (text: string): CreateRefundBody => ({
    amountCents: full ? 'full' : cents,
    kind,
    reason: text,
    ...(needsOverride && override.trim() ? { policyOverrideReason: override.trim() } : {}),
  });
  return (
    <Stack gap="sm">
      <Checkbox
        label={t('action.full')}
        checked={full}
        onChange={(event) => setFull(event.currentTarget.checked)}
        data-testid="refund-full"
      />
      {full ? null : (
        <MoneyInput
          label={t('action.amount')}
          value={amountCents}
          onChange={setAmountCents}
          max={quote.refundableCents}
          data-testid="refund-amount"
        />
      )}
      <NativeSelect
        label={t('action.kind')}
        value={kind}
        onChange={(event) => setKind(event.currentTarget.value as CreateRefundBody['kind'])}
        data={staffRefundKinds.map((value) => ({ value, label: t(`kinds.${value}`) }))}
        data-testid="refund-kind"
      />
      {needsOverride ? (
        <TextInput
          label={t('action.override')}
          value={override}
          maxLength={overrideMax}
          onChange={(event) => setOverride(event.currentTarget.value)}
          data-testid="refund-override"
        />
      ) : null}
      <ActionGroup actions={[action]} errorTestId="refund-error">
        <ActionButton
          action={action}
          label={t('action.submit')}
          disabled={cents <= 0}
          confirm={{
            title: t('action.confirmTitle', {
              amount: formatPrice(cents, locale),
              number: quote.orderNumber,
            }),
            message: t('action.confirmMessage'),
          }}
          reason={{ label: t('action.reason'), ...reasonBounds }}
          variables={body}
          data-testid="refund-submit"
        />
      </ActionGroup>
    </Stack>
  );
};
