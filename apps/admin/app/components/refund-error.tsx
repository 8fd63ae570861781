/**
 * A failed refund's reason as staff read it (ADR 0081): our code translated (`admin:refundErrorCodes`), with the
 * payment provider's own words as a secondary detail. Shared by the refund lists and the order page.
 */
import type { RefundErrorCode } from '@esim/contracts';
import { Stack, Text } from '@mantine/core';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type FailedRefund = { errorCode: RefundErrorCode | null; error: string | null };

/** The reason in words; null when the refund has none (it did not fail). */
export const refundErrorLabel = (t: Translate, code: RefundErrorCode | null | undefined) =>
  code ? t(`admin:refundErrorCodes.${code}`) : null;

const RefundErrorReason = ({ t, refund }: { t: Translate; refund: FailedRefund }) => {
  const label = refundErrorLabel(t, refund.errorCode);
  return (
    <Stack gap={0} data-testid="refund-error-reason">
      {label ? (
        <Text size="sm" data-error-code={refund.errorCode}>
          {label}
        </Text>
      ) : null}
      {refund.error ? (
        <Text size="xs" c="gray.7" data-testid="refund-error-provider">
          {t('admin:refundErrorCodes.providerSaid', { text: refund.error })}
        </Text>
      ) : null}
    </Stack>
  );
};

/** The translated reason over the provider's text, for a table cell (nothing for a refund without an error). */
export const refundErrorCell = (t: Translate, refund: FailedRefund) =>
  refund.errorCode || refund.error ? <RefundErrorReason t={t} refund={refund} /> : null;
