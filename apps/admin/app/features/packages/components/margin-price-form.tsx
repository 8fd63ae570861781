import { isApiError } from '@esim/ui/api-client';
import { useToast } from '@esim/ui/feedback/toast';
import type { SubmitMutation } from '@esim/ui/form/field-errors';
import { type FormSchema, useApiForm } from '@esim/ui/form/use-api-form';
import { useState } from 'react';
import type { DefaultValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CheckboxField } from './checkbox-field';

/** A body that may confirm a price below the minimum margin. */
type MarginSchema = FormSchema & z.ZodType<{ confirmBelowMargin?: boolean | undefined }>;

/**
 * A package price form under the guard rail on prices (ADR 0052): a price below the wholesale cost plus the
 * minimum margin is refused (PRICE_BELOW_MARGIN, under the price) until the staff member ticks the
 * confirmation, which appears with that refusal; put `confirmation` after the form's fields. The server's
 * sentence is a toast and the form's success alert.
 */
export const useMarginPriceForm = <Schema extends MarginSchema, Result extends { message: string }>(
  schema: Schema,
  options: {
    defaultValues: DefaultValues<z.input<Schema>>;
    mutation: SubmitMutation<z.output<Schema>, Result>;
    confirmTestId: string;
  },
) => {
  const { t } = useTranslation(['admin-packages', 'admin', 'common']);
  const toast = useToast();
  const [belowMargin, setBelowMargin] = useState(false);
  const form = useApiForm(schema, {
    defaultValues: options.defaultValues,
    mutation: options.mutation,
    onSuccess: ({ message }) => {
      toast(message);
      return { kind: 'success', message };
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'PRICE_BELOW_MARGIN') setBelowMargin(true);
      return undefined;
    },
    fallback: 'GENERIC',
  });
  const confirmation = belowMargin ? (
    <CheckboxField
      form={form}
      // The schema's input has the field (MarginSchema); a generic input's paths are not spelled out.
      name={'confirmBelowMargin' as Path<z.input<Schema>>}
      label={t('packages.edit.confirmBelowMargin')}
      data-testid={options.confirmTestId}
    />
  ) : null;
  return { form, confirmation };
};
