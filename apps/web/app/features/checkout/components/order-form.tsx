import type { HumanChallenge } from '@esim/contracts';
import { isApiError } from '@esim/ui/api-client';
import { createHumanProofInAdvance } from '@esim/ui/human-proof-in-advance';
import { type PhoneCountry, withPhoneFormat } from '@esim/ui/phone-input-state';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainFormShell, PlainSubmitButton } from '../../../components/plain-form/form-shell';
import { PlainPhoneField } from '../../../components/plain-form/phone-field';
import { PlainEmailField, PlainTextField } from '../../../components/plain-form/text-field';
import { loadFormChecks, usePlainForm } from '../../../components/plain-form/use-plain-form';
import { api } from '../../../lib/api';
import { orderPath } from '../../../lib/public-pages';
import { currentReferral } from '../../../lib/referral';
import { useSession } from '../../../lib/session';
import { useIsHydrated } from '../../../lib/use-is-hydrated';
import { usePageRestore } from '../../../lib/use-page-restore';
import { useRootData } from '../../../lib/use-root-data';
import { useVisitorCountry } from '../../../lib/use-visitor-country';
import { createOrder } from '../api/create-order';
import { getAttribution } from '../attribution';
import { savePayToken } from '../view-token';
import { CouponCodeField } from './coupon-code-field';
import { GiftCardCodeField } from './gift-card-code-field';
import { GiftFields } from './gift-fields';

/**
 * The order contract (zod and libphonenumber, about half the page's code) loads once the form is usable, with
 * the phone field's formatting: a number typed before then is formatted before it is checked.
 */
const loadOrderContract = withPhoneFormat(() =>
  import('../order-contract').then((contract) => contract.orderFormSchema),
);
// Everyone on this page has come to pay: the checks are fetched as soon as the form's code runs in the browser,
// not after its first render (about 0.15 s sooner on a slow phone). The form's own load finds them on their way.
if (typeof document !== 'undefined') {
  loadOrderContract().catch(() => undefined);
  loadFormChecks().catch(() => undefined);
}

/** The fields a signed-in customer's details fill in. */
const prefilled = ['fullName', 'email', 'phoneNumber'] as const;

type OrderFormProps = {
  packageSlug: string;
  /** The price to pay, formatted on the server ("€4.99"). */
  price: string;
  countries: readonly PhoneCountry[];
  /** The challenge the page came with: the human check is solved from the first focus without a round trip. */
  humanChallenge?: HumanChallenge;
};

/**
 * The order form (SPEC section 3: full name, e-mail, phone number). A signed-in customer's details are filled
 * in; the pay button creates the order and leaves for the payment provider's card page. The button stays
 * disabled from the first click until the page is left, so one order is created per click-through.
 */
export const OrderForm = ({ packageSlug, price, countries, humanChallenge }: OrderFormProps) => {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const visitorCountry = useVisitorCountry();
  const customer = session.user?.kind === 'customer' ? session.user : null;
  const consent = useRootData()?.consent ?? null;
  const [emailTaken, setEmailTaken] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // The price after an applied coupon (the server prices the order with the same code).
  const [couponPrice, setCouponPrice] = useState<string | null>(null);
  const submitting = useRef(false);
  // Signed out, the order needs the human check: solved while the buyer fills the form, not after the click.
  const humanProof = useMemo(
    () => createHumanProofInAdvance(api, humanChallenge ? { challenge: humanChallenge } : {}),
    [humanChallenge],
  );
  const form = usePlainForm(loadOrderContract, {
    defaultValues: {
      packageSlug,
      fullName: '',
      email: '',
      phoneNumber: '',
      giftCardCode: '',
      couponCode: '',
      asGift: false,
      recipientEmail: '',
      recipientName: '',
      message: '',
      recipientLocale: i18n.language,
    },
    loadChecks: 'at-once',
    onSubmit: async (values) => {
      // A second click while the first is on its way (or the page is leaving) sends nothing.
      if (submitting.current) return null;
      submitting.current = true;
      setEmailTaken(false);
      const page = new URL(window.location.href);
      const pageAttribution = getAttribution(page, document.referrer, currentReferral(page));
      // With consent to statistics, the visit's attribution (ADR 0067), from the beacon's chunk.
      const visit =
        consent === 'accepted'
          ? (await import('../../../lib/traffic-beacon')).visitAttribution(localStorage)
          : null;
      const attribution = visit ? { ...pageAttribution, ...visit } : pageAttribution;
      // Signed out, the answer can tell whether an account exists: the same human check as forgot-password.
      const proof = customer ? undefined : await humanProof.take();
      return createOrder({
        ...values,
        ...(attribution ? { attribution } : {}),
        ...(proof ? { humanProof: proof } : {}),
      });
    },
    onSuccess: (order) => {
      if (!order) return undefined;
      if (order.viewToken) savePayToken(order.orderId, order.viewToken);
      setLeaving(true);
      window.location.assign(order.checkoutUrl);
      return undefined;
    },
    onError: (error) => {
      submitting.current = false;
      if (isApiError(error) && error.code === 'NOT_FOUND')
        return { kind: 'error', message: t('checkout:order.unavailable') };
      if (isApiError(error) && error.code === 'EMAIL_TAKEN' && !customer) setEmailTaken(true);
      return undefined;
    },
  });
  const returnTo = orderPath(packageSlug);

  // A signed-out visitor on this page has come to pay: the check is solved from the moment that is known, not
  // from the first focus. A phone's autofill fills the form in one tap, and the pay tap then waited for the
  // hashing (up to 0.3 s at 4× CPU).
  useEffect(() => {
    if (session.status === 'anonymous') humanProof.prepare();
  }, [session.status, humanProof]);

  usePageRestore(() => {
    submitting.current = false;
    setLeaving(false);
  });

  // A signed-in customer's details, once the session is known; nothing typed is overwritten.
  useEffect(() => {
    if (!customer) return;
    const known = {
      fullName: `${customer.first_name} ${customer.last_name}`.trim(),
      email: customer.email,
      phoneNumber: customer.phone ?? '',
    };
    for (const name of prefilled) if (!form.getValue(name) && known[name]) form.setValue(name, known[name]);
  }, [customer, form.getValue, form.setValue]);

  const busy = form.isSubmitting || leaving;
  // As FormShell's own submit button: clicked in server-rendered HTML it would post the form without its checks.
  const hydrated = useIsHydrated();

  return (
    <PlainFormShell
      form={form}
      data-testid="order-form"
      aria-busy={busy}
      onFocus={customer ? undefined : humanProof.prepare}
      footer={
        <>
          <PlainSubmitButton loading={busy} disabled={!hydrated} data-testid="pay-button">
            {t('checkout:order.pay', { price: couponPrice ?? price })}
          </PlainSubmitButton>
          <p className="form-note" aria-live="polite">
            {leaving ? t('checkout:order.redirecting') : t('checkout:order.secureNote')}
          </p>
          {!customer ? (
            <p className="form-note">
              {t('checkout:order.haveAccount')}{' '}
              <Link to="/login" state={{ from: returnTo }}>
                {t('checkout:order.login')}
              </Link>
            </p>
          ) : null}
        </>
      }
    >
      <PlainTextField form={form} name="fullName" autoComplete="name" required />
      <PlainEmailField form={form} name="email" description={t('checkout:order.emailHint')} required />
      {emailTaken ? (
        <div className="form-alert form-alert--notice" data-testid="email-taken-login">
          {t('checkout:order.emailTaken')}{' '}
          <Link to="/login" state={{ from: returnTo }} className="form-alert__link">
            {t('checkout:order.login')}
          </Link>
        </div>
      ) : null}
      <PlainPhoneField
        form={form}
        name="phoneNumber"
        countryLabel={t('checkout:order.phoneCountry')}
        countries={countries}
        description={t('checkout:order.phoneHint')}
        defaultCountry={visitorCountry ?? 'AL'}
        loadFormat="at-once"
        required
      />
      <GiftFields form={form} />
      <CouponCodeField form={form} packageSlug={packageSlug} onPrice={setCouponPrice} />
      <GiftCardCodeField form={form} packageSlug={packageSlug} />
    </PlainFormShell>
  );
};
