import type { HumanChallenge } from '@esim/contracts';
import { isApiError } from '@esim/ui/api-client';
import { formatPrice } from '@esim/ui/format';
import { createHumanProofInAdvance } from '@esim/ui/human-proof-in-advance';
import { type PhoneCountry, withPhoneFormat } from '@esim/ui/phone-input-state';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import { PlainFormShell, PlainSubmitButton } from '../../../components/plain-form/form-shell';
import { PlainPhoneField } from '../../../components/plain-form/phone-field';
import { PlainEmailField, PlainTextField } from '../../../components/plain-form/text-field';
import { loadFormChecks, usePlainForm } from '../../../components/plain-form/use-plain-form';
import { api } from '../../../lib/api';
import { orderPath } from '../../../lib/public-pages';
import { currentReferral } from '../../../lib/referral';
import { useSession } from '../../../lib/session';
import { useIsHydrated } from '../../../lib/use-is-hydrated';
import { useLocale } from '../../../lib/use-locale';
import { usePageRestore } from '../../../lib/use-page-restore';
import { useRootData } from '../../../lib/use-root-data';
import { useVisitorCountry } from '../../../lib/use-visitor-country';
import { createOrder } from '../api/create-order';
import { getAttribution } from '../attribution';
import { type CodeField, type Codes, useOrderPrice } from '../use-order-price';
import { savePayToken } from '../view-token';
import { CodeApplyField } from './code-apply-field';
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
  /** The package's price the page was rendered with (its offer price while the offer runs). */
  priceCents: number;
  /** The same price formatted on the server ("€4.99"), as the pay button says it before any code. */
  price: string;
  countries: readonly PhoneCountry[];
  /** The challenge the page came with: the human check is solved from the first focus without a round trip. */
  humanChallenge?: HumanChallenge;
};

const codeOf = (value: unknown) => String(value ?? '').trim();

/**
 * The order form (SPEC section 3: full name, e-mail, phone number). A signed-in customer's details are filled
 * in; the pay button creates the order and leaves for the payment provider's card page. The button stays
 * disabled from the first click until the page is left, so one order is created per click-through. It says what
 * the card page will charge, the server's price for the codes applied, and the order carries that price back:
 * a different one is refused and shown before any charge (ADR 0093).
 */
export const OrderForm = ({ packageSlug, priceCents, price, countries, humanChallenge }: OrderFormProps) => {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const revalidator = useRevalidator();
  const session = useSession();
  const visitorCountry = useVisitorCountry();
  const customer = session.user?.kind === 'customer' ? session.user : null;
  const consent = useRootData()?.consent ?? null;
  const [emailTaken, setEmailTaken] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const submitting = useRef(false);
  // The codes the last order carried: priced again when the server says the price changed.
  const sentCodes = useRef<Codes>({ couponCode: '', giftCardCode: '' });
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
      // A second click while the first is on its way (or the page is leaving) sends nothing; nor does Enter
      // while the price is being checked (the button is disabled then).
      const confirmed = orderPrice.shown;
      if (submitting.current || !confirmed) return null;
      submitting.current = true;
      sentCodes.current = {
        couponCode: codeOf(values.couponCode),
        giftCardCode: codeOf(values.giftCardCode),
      };
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
        // What this page showed: the server compares it with its own price, and refuses another (ADR 0093).
        expectedTotalCents: confirmed.totalCents,
        expectedCardCents: confirmed.cardCents,
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
      if (isApiError(error) && error.code === 'PRICE_CHANGED') {
        // The server's sentence names the new price; the button shows it once priced again, the package too.
        orderPrice.refresh(sentCodes.current);
        void revalidator.revalidate();
        if (!customer) humanProof.prepare();
      }
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

  const orderPrice = useOrderPrice({
    packageSlug,
    basePriceCents: priceCents,
    typed: { couponCode: codeOf(form.values.couponCode), giftCardCode: codeOf(form.values.giftCardCode) },
  });
  const { shown, effective } = orderPrice;
  const money = (cents: number) => formatPrice(cents, locale);
  // No code applied: the server's own words for the price, as rendered (no hydration difference).
  const payLabel = !shown
    ? t('checkout:order.checkingPrice')
    : !shown.quote
      ? t('checkout:order.pay', { price })
      : shown.cardCents === 0 && effective.giftCardCode
        ? t('checkout:order.payGiftCard', { price: money(shown.totalCents) })
        : t('checkout:order.pay', { price: money(shown.cardCents) });
  const noteOf = (field: CodeField) => {
    const refusal = orderPrice.refusalOf(field);
    const quote = shown?.quote;
    if (refusal || !quote || !effective[field]) return refusal;
    if (field === 'couponCode')
      return t('gifts:coupon.applied', {
        discount: money(quote.discountCents),
        total: money(quote.totalCents),
      });
    return quote.cardCents === 0
      ? t('gifts:coversAll')
      : t('gifts:covers', { covered: money(quote.giftCardCents), rest: money(quote.cardCents) });
  };

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
          <PlainSubmitButton loading={busy} disabled={!hydrated || !shown} data-testid="pay-button">
            {payLabel}
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
      <CodeApplyField
        form={form}
        name="couponCode"
        label={t('gifts:fields.couponCode')}
        description={t('gifts:coupon.hint')}
        testId="coupon"
        note={noteOf('couponCode')}
        onApply={() => void orderPrice.apply('couponCode')}
      />
      <CodeApplyField
        form={form}
        name="giftCardCode"
        label={t('gifts:fields.giftCardCode')}
        description={t('gifts:codeHint')}
        testId="gift-card"
        note={noteOf('giftCardCode')}
        onApply={() => void orderPrice.apply('giftCardCode')}
      />
    </PlainFormShell>
  );
};
