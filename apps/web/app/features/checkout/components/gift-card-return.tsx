import { describeError } from '@esim/ui/describe-error';
import { useTranslation } from 'react-i18next';
import { usePaymentConfirmation } from '../api/confirm-payment';

/**
 * Back from the card page of a gift-card purchase: what became of the payment (the same confirmation as the
 * payment return page), in a live region. A paid card is e-mailed on its send date; there is no QR code here.
 */
export const GiftCardReturn = ({ orderId, sessionId }: { orderId: string; sessionId: string | null }) => {
  const { t } = useTranslation();
  const { state, checkAgain } = usePaymentConfirmation(orderId, sessionId);
  const message = !sessionId
    ? t('gifts:cancelled')
    : state.status === 'succeeded' || state.status === 'completed_earlier'
      ? t('gifts:paid')
      : state.status === 'failed'
        ? t('common:errors.PAYMENT_FAILED')
        : state.status === 'error'
          ? describeError(t, state.error)
          : state.status === 'slow'
            ? t('gifts:slow')
            : t('gifts:confirming');
  return (
    <div role="status" aria-live="polite" className="form-card" data-testid="gift-card-status">
      <p style={{ margin: 0, fontWeight: 600 }}>{message}</p>
      {state.status === 'slow' || state.status === 'error' ? (
        <button type="button" className="button" onClick={checkAgain}>
          {t('gifts:checkAgain')}
        </button>
      ) : null}
    </div>
  );
};
