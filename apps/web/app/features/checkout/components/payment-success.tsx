import '../../../styles/form-styles';
import { describeError } from '@esim/ui/describe-error';
import { Loader } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { AndroidGuide } from '../../../components/esim-install';
import { usePaymentConfirmation } from '../api/confirm-payment';
import { readPaymentReturn } from '../types';
import { EsimReceipt } from './esim-receipt';

/**
 * The payment return page (SPEC section 4: success, failure, or completed earlier). The headline sits in a
 * live region: it changes from "confirming" to the outcome without a reload.
 */
export const PaymentSuccess = ({ android }: { android: AndroidGuide }) => {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { orderId, sessionId } = readPaymentReturn(search);
  const { state, checkAgain } = usePaymentConfirmation(orderId, sessionId);
  const incomplete = !orderId || !sessionId;

  useEffect(() => {
    if (state.status === 'failed') void navigate(`/payment/failed${search}`, { replace: true });
  }, [state.status, navigate, search]);

  let headline: string;
  let detail: string | null = null;
  if (incomplete) {
    headline = t('checkout:success.errorHeading');
    detail = t('checkout:success.invalidLink');
  } else if (state.status === 'succeeded') headline = t('common:success.paymentCompleted');
  else if (state.status === 'completed_earlier') headline = t('common:errors.PAYMENT_COMPLETED_EARLIER');
  else if (state.status === 'refunded') {
    // Not a plain success: this tab's charge was a second one, and it is given back.
    headline = t('checkout:success.refundedHeading');
    detail = state.message;
  } else if (state.status === 'failed') headline = t('common:errors.PAYMENT_FAILED');
  else if (state.status === 'slow') {
    headline = t('checkout:success.slowHeading');
    detail = t('checkout:success.slowText');
  } else if (state.status === 'error') {
    headline = t('checkout:success.errorHeading');
    detail = describeError(t, state.error);
  } else headline = t('checkout:success.confirming');

  const busy = !incomplete && state.status === 'confirming';
  const stuck = incomplete || state.status === 'slow' || state.status === 'error';

  return (
    <div className="container status-page" aria-busy={busy}>
      <div role="status" aria-live="polite" data-testid="payment-status">
        <h1 style={{ fontSize: 'clamp(1.6rem, 5vw, 2.25rem)', lineHeight: 1.25 }}>
          {busy ? <Loader size="sm" me="sm" aria-hidden="true" /> : null}
          {headline}
        </h1>
        {detail ? <p>{detail}</p> : null}
      </div>
      {stuck ? (
        <div className="hero__actions">
          {!incomplete ? (
            <button type="button" className="button" onClick={checkAgain}>
              {t('checkout:success.checkAgain')}
            </button>
          ) : null}
          <Link to="/contact" className="button button--outline">
            {t('checkout:contactSupport')}
          </Link>
        </div>
      ) : null}
      {state.status === 'refunded' ? (
        <p data-testid="refunded-note">{t('checkout:success.refundedNote')}</p>
      ) : null}
      {state.status === 'completed_earlier' || state.status === 'refunded' ? (
        <p>
          <Link to="/contact">{t('checkout:contactSupport')}</Link>
        </p>
      ) : null}
      {orderId && state.status === 'succeeded' ? (
        state.viewToken ? (
          <EsimReceipt orderId={orderId} viewToken={state.viewToken} android={android} />
        ) : (
          <p>{t('checkout:success.qrByEmail')}</p>
        )
      ) : null}
    </div>
  );
};
