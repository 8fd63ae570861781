import { describeError } from '@esim/ui/describe-error';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadInvoice } from '../api/download-invoice';

/** Downloads one paid order's invoice PDF (with the customer's token, so not a plain link). */
export const InvoiceButton = ({
  orderId,
  orderNumber,
  onError,
}: {
  orderId: string;
  orderNumber: string;
  onError: (message: string | null) => void;
}) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    onError(null);
    try {
      await downloadInvoice(orderId);
    } catch (error) {
      onError(describeError(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="compact-sm"
      variant="outline"
      loading={busy}
      onClick={() => void onClick()}
      data-testid="invoice-button"
    >
      {t('account:orders.downloadInvoice')}
      <span className="visually-hidden"> {t('account:orders.forOrder', { number: orderNumber })}</span>
    </Button>
  );
};
