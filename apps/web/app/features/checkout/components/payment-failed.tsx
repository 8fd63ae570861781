import { isApiError } from '@esim/ui/api-client';
import { describeError } from '@esim/ui/describe-error';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { orderPath } from '../../../lib/public-pages';
import { useIsHydrated } from '../../../lib/use-is-hydrated';
import { usePageRestore } from '../../../lib/use-page-restore';
import { retryPayment } from '../api/retry-payment';
import { readPaymentReturn } from '../types';

/**
 * The failure page (SPEC sections 2 and 8): "Payment failed. Please try again!", then try again (a new checkout
 * for the same order), another payment method (back to the order page) or support. The two links work from the
 * server-rendered page; "try again" asks the API, so it stays disabled until the scripts have run, as the pay
 * button does (before, a tap on a slow phone did nothing).
 */
export const PaymentFailed = () => {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { orderId, packageSlug } = readPaymentReturn(search);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  const hydrated = useIsHydrated();

  usePageRestore(() => {
    started.current = false;
    setBusy(false);
  });

  const tryAgain = async () => {
    if (!orderId || started.current) return;
    started.current = true;
    setBusy(true);
    setMessage(null);
    try {
      const { checkoutUrl } = await retryPayment(orderId);
      window.location.assign(checkoutUrl);
    } catch (error) {
      started.current = false;
      setBusy(false);
      setMessage(
        isApiError(error) && error.code === 'PAYMENT_COMPLETED_EARLIER'
          ? t('common:errors.PAYMENT_COMPLETED_EARLIER')
          : describeError(t, error),
      );
    }
  };

  return (
    <div className="container status-page">
      <h1 data-testid="payment-failed" style={{ fontSize: 'clamp(1.6rem, 5vw, 2.25rem)', lineHeight: 1.25 }}>
        {t('common:errors.PAYMENT_FAILED')}
      </h1>
      <p>{t('checkout:failed.intro')}</p>
      <div role="alert" data-testid="retry-feedback">
        {message ? <p className="choice-group__error">{message}</p> : null}
      </div>
      <div className="hero__actions">
        {orderId ? (
          <button
            type="button"
            className="button"
            onClick={() => void tryAgain()}
            disabled={busy || !hydrated}
            aria-busy={busy}
            data-testid="retry-payment"
          >
            {busy ? t('checkout:failed.retrying') : t('checkout:failed.tryAgain')}
          </button>
        ) : null}
        <Link to={packageSlug ? orderPath(packageSlug) : '/'} className="button button--outline">
          {t('checkout:failed.anotherMethod')}
        </Link>
        <Link to="/contact" className="button button--subtle">
          {t('checkout:contactSupport')}
        </Link>
      </div>
    </div>
  );
};
