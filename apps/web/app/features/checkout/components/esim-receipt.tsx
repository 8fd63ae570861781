import '../../../styles/form-styles';
import { isApiError } from '@esim/ui/api-client';
import { formatPrice } from '@esim/ui/format';
import { Alert, Button, Loader, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AndroidGuide, EsimInstall } from '../../../components/esim-install';
import { useLocale } from '../../../lib/use-locale';
import { isEsimPending, receiptPollLimitMs, useOrderReceipt } from '../api/get-order-receipt';
import { forgetViewToken } from '../view-token';

/** An e-mail address inside a sentence keeps its own direction in Arabic (first-strong isolate). */
const isolate = (text: string) => `\u2068${text}\u2069`;

const noticeStyles = { message: { color: 'var(--mantine-color-dark-9)' } };

/** Where a customer sees the package a top-up added, or the packages a change of eSIM moved. */
const activePackagesPath = '/account/packages';

/**
 * A paid order's receipt: order number and package, then what the order brought, by kind:
 * - `esim`: the new eSIM. While fulfilment runs the page says no QR code was generated yet and asks again every
 *   2 s; the QR code replaces the notice without a reload.
 * - `topup`: no new QR code; once the order is completed, the package is on the eSIM (queued behind an active
 *   one) with a link to the active packages.
 * - `change_esim`: the new eSIM's QR code, and that the old eSIM no longer works and every package moved.
 * The notice sits in a live region so screen readers hear the change.
 */
export const EsimReceipt = ({
  orderId,
  viewToken,
  android,
}: {
  orderId: string;
  viewToken: string;
  android: AndroidGuide;
}) => {
  const { t } = useTranslation();
  const locale = useLocale();
  const [polling, setPolling] = useState(true);
  const receipt = useOrderReceipt(orderId, viewToken, polling);

  useEffect(() => {
    const timer = setTimeout(() => setPolling(false), receiptPollLimitMs);
    return () => clearTimeout(timer);
  }, []);

  // The view token is no longer accepted (it opens the receipt for a while only): the e-mail has everything.
  const expired = isApiError(receipt.error) && [401, 403, 404, 410].includes(receipt.error.status);
  useEffect(() => {
    if (expired) forgetViewToken(orderId);
  }, [expired, orderId]);

  const data = receipt.data;
  const kind = data?.kind ?? 'esim';
  const esim = data?.esim ?? null;
  const topUpDone = data?.kind === 'topup' && data.status === 'completed';
  const waiting = data ? isEsimPending(data) && polling : false;

  let notice = null;
  if (expired)
    notice = (
      <Alert color="accent.9" variant="outline" styles={noticeStyles}>
        {t('common:errors.PAYMENT_COMPLETED_EARLIER')}
      </Alert>
    );
  else if (receipt.isError)
    notice = (
      <Alert color="red.9" variant="outline" styles={noticeStyles}>
        {t('checkout:success.receiptError')}
        <Button
          mt="sm"
          size="compact-md"
          variant="outline"
          display="block"
          onClick={() => void receipt.refetch()}
        >
          {t('checkout:success.tryAgain')}
        </Button>
      </Alert>
    );
  else if (!data)
    notice = (
      <Text>
        <Loader size="sm" aria-hidden="true" me="xs" />
        {t('loading')}
      </Text>
    );
  else if (kind === 'topup' && topUpDone)
    notice = (
      <Alert color="green.9" variant="outline" styles={noticeStyles} data-testid="top-up-added">
        <strong>{t('account.success.topUpAdded', { package: data.packageName })}</strong>
        <br />
        {t('account.success.topUpQueued')}
        <Button component={Link} to={activePackagesPath} mt="sm" display="block" w="fit-content">
          {t('account.success.viewPackages')}
        </Button>
      </Alert>
    );
  else if (kind === 'gift_esim' && data.status === 'completed')
    notice = (
      <Alert color="green.9" variant="outline" styles={noticeStyles} data-testid="gift-sent">
        {t('gifts:success.sent', { email: isolate(data.email) })}
      </Alert>
    );
  else if (kind === 'change_esim' && esim)
    notice = (
      <Alert color="green.9" variant="outline" styles={noticeStyles} data-testid="esim-changed">
        <strong>{t('account.success.changeDone')}</strong>
        <br />
        {t('account.success.changeOldNote')} {t('checkout:success.qrEmailed', { email: isolate(data.email) })}
        <Button
          component={Link}
          to={activePackagesPath}
          mt="sm"
          variant="outline"
          display="block"
          w="fit-content"
        >
          {t('account.success.viewPackages')}
        </Button>
      </Alert>
    );
  else if (esim)
    notice = (
      <Alert color="green.9" variant="outline" styles={noticeStyles} data-testid="esim-ready">
        {t('checkout:success.qrEmailed', { email: isolate(data.email) })}
      </Alert>
    );
  else if (waiting)
    notice = (
      <Alert
        color="accent.9"
        variant="outline"
        styles={noticeStyles}
        data-testid={
          kind === 'esim' || kind === 'gift_esim'
            ? 'esim-pending'
            : `${kind === 'topup' ? 'top-up' : 'change'}-pending`
        }
      >
        <Loader size="xs" aria-hidden="true" me="xs" />
        {kind === 'topup'
          ? t('account.success.topUpPending')
          : kind === 'change_esim'
            ? t('account.success.changePending')
            : t('checkout:success.noQrYet')}
      </Alert>
    );
  else
    notice = (
      <Alert
        color="accent.9"
        variant="outline"
        styles={noticeStyles}
        data-testid={
          kind === 'esim' || kind === 'gift_esim'
            ? 'esim-delayed'
            : `${kind === 'topup' ? 'top-up' : 'change'}-delayed`
        }
      >
        {kind === 'topup'
          ? t('account.success.topUpDelayed', { email: isolate(data.email) })
          : kind === 'change_esim'
            ? t('account.success.changeDelayed', { email: isolate(data.email) })
            : t('checkout:success.qrDelayed', { email: isolate(data.email) })}
      </Alert>
    );

  return (
    <>
      {data ? (
        <Paper
          withBorder
          radius="lg"
          p="lg"
          mb="lg"
          component="section"
          aria-labelledby="order-receipt-heading"
        >
          <h2 id="order-receipt-heading" className="visually-hidden">
            {t('checkout:success.receiptHeading')}
          </h2>
          <dl className="package-card__facts">
            <div>
              <dt>{t('checkout:success.orderNumber')}</dt>
              <dd data-testid="order-number">{data.number}</dd>
            </div>
            {kind !== 'esim' ? (
              <div>
                <dt>{t('account.success.orderKind')}</dt>
                <dd data-testid="receipt-kind">{t(`account.orders.kinds.${kind}`)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('checkout:success.package')}</dt>
              <dd data-testid="receipt-package">{data.packageName}</dd>
            </div>
            <div>
              <dt>{t('checkout:success.amountPaid')}</dt>
              <dd>{formatPrice(data.totalCents, locale)}</dd>
            </div>
          </dl>
          {data.refunds.map((refund) => (
            <Text key={refund.createdAt} mt="sm" data-testid="receipt-refund">
              {t(`common:refund.${refund.kind === 'duplicate_payment' ? 'duplicate_payment' : 'order'}`, {
                amount: formatPrice(refund.amountCents, locale),
              })}
              {refund.status === 'failed' ? ` ${t('common:refund.failed')}` : null}
            </Text>
          ))}
        </Paper>
      ) : null}
      <div aria-live="polite" data-testid="esim-status" style={{ marginBottom: 'var(--mantine-spacing-lg)' }}>
        {notice}
      </div>
      {data && esim ? <EsimInstall esim={esim} packageName={data.packageName} android={android} /> : null}
    </>
  );
};
