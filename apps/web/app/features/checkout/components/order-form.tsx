import '../../../styles/form-styles';
import { createOrderBodySchema } from '@esim/contracts';
import { isApiError } from '@esim/ui/api-client';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import type { CountryCode } from 'libphonenumber-js';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert, type FormFeedback } from '../../../components/form-alert';
import { PhoneField } from '../../../components/phone-field';
import { getSubmitFeedback } from '../../../lib/form-feedback';
import { orderPath } from '../../../lib/public-pages';
import { useSession } from '../../../lib/session';
import { useFieldError } from '../../auth/components/use-field-error';
import { useVisitorCountry } from '../../contact/api/get-visitor-country';
import { createOrder } from '../api/create-order';
import { getAttribution } from '../attribution';
import { usePageRestore } from '../use-page-restore';
import { savePayToken } from '../view-token';

const fields = ['fullName', 'email', 'phoneNumber'] as const;

type OrderFormProps = {
  packageSlug: string;
  /** The price to pay, formatted on the server ("€4.99"). */
  price: string;
  countries: { code: CountryCode; name: string }[];
};

/**
 * The order form (SPEC section 3: full name, e-mail, phone number). A signed-in customer's details are filled
 * in; the pay button creates the order and leaves for the payment provider's card page. The button stays
 * disabled from the first click until the page is left, so one order is created per click-through.
 */
export const OrderForm = ({ packageSlug, price, countries }: OrderFormProps) => {
  const { t } = useTranslation();
  const session = useSession();
  const visitorCountry = useVisitorCountry();
  const [feedback, setFeedback] = useState<FormFeedback>(null);
  const [emailTaken, setEmailTaken] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const submitting = useRef(false);
  const form = useForm({
    resolver: zodResolver(createOrderBodySchema),
    defaultValues: { packageSlug, fullName: '', email: '', phoneNumber: '' },
  });
  const fieldError = useFieldError(form.formState.errors);
  const customer = session.user?.kind === 'customer' ? session.user : null;
  const returnTo = orderPath(packageSlug);

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
    for (const name of fields)
      if (!form.getValues(name) && known[name]) form.setValue(name, known[name], { shouldDirty: false });
  }, [customer, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (submitting.current) return;
    submitting.current = true;
    setFeedback(null);
    setEmailTaken(false);
    try {
      const attribution = getAttribution(new URL(window.location.href), document.referrer);
      const order = await createOrder({ ...values, ...(attribution ? { attribution } : {}) });
      if (order.viewToken) savePayToken(order.orderId, order.viewToken);
      setLeaving(true);
      window.location.assign(order.checkoutUrl);
    } catch (error) {
      submitting.current = false;
      if (isApiError(error) && error.code === 'NOT_FOUND') {
        setFeedback({ kind: 'error', message: t('checkout.order.unavailable') });
        return;
      }
      if (isApiError(error) && error.code === 'EMAIL_TAKEN' && !customer) setEmailTaken(true);
      setFeedback(getSubmitFeedback(t, error, form.setError, fields));
    }
  });

  const busy = form.formState.isSubmitting || leaving;

  return (
    <form onSubmit={onSubmit} noValidate data-testid="order-form" aria-busy={busy}>
      <FormAlert feedback={feedback} />
      <Stack gap="md">
        <TextInput
          {...form.register('fullName')}
          label={t('common:fields.fullName')}
          autoComplete="name"
          withAsterisk
          error={fieldError('fullName')}
        />
        <TextInput
          {...form.register('email')}
          type="email"
          label={t('common:fields.email')}
          description={t('checkout.order.emailHint')}
          autoComplete="email"
          withAsterisk
          error={fieldError('email')}
        />
        {emailTaken ? (
          <Alert color="accent.9" variant="outline" data-testid="email-taken-login">
            <Text size="sm" c="dark.9">
              {t('checkout.order.emailTaken')}{' '}
              <Anchor component={Link} to="/login" state={{ from: returnTo }} fw={600}>
                {t('checkout.order.login')}
              </Anchor>
            </Text>
          </Alert>
        ) : null}
        <PhoneField
          control={form.control}
          name="phoneNumber"
          countryLabel={t('checkout.order.phoneCountry')}
          countries={countries}
          description={t('checkout.order.phoneHint')}
          error={fieldError('phoneNumber')}
          defaultCountry={visitorCountry ?? 'AL'}
        />
        <Button type="submit" size="md" loading={busy} disabled={busy} fullWidth data-testid="pay-button">
          {t('checkout.order.pay', { price })}
        </Button>
        <Text size="sm" c="dark.6" aria-live="polite">
          {leaving ? t('checkout.order.redirecting') : t('checkout.order.secureNote')}
        </Text>
        {!customer ? (
          <Text size="sm">
            {t('checkout.order.haveAccount')}{' '}
            <Anchor component={Link} to="/login" state={{ from: returnTo }}>
              {t('checkout.order.login')}
            </Anchor>
          </Text>
        ) : null}
      </Stack>
    </form>
  );
};
