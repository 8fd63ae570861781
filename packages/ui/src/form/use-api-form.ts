/**
 * `useApiForm(schema, options)`: a zod contract bound to react-hook-form, with the API's errors mapped once.
 *
 * - The contract validates on the client with the same rules the server uses (zod resolver); the kit's field
 *   components translate its rule messages (field-errors.ts).
 * - A failed submit puts the envelope's `errors` map under the fields the form shows (fields register
 *   themselves through `useField`) and the rest — the envelope's `message`, messages for fields the form does
 *   not show, a generic sentence for network and server failures — into the form-level alert of `FormShell`.
 * - `onSuccess` may return the success message to show (SPEC success texts come from the server).
 *
 * Public pages use the plain engine instead (apps/web/app/components/plain-form, ADR 0027): react-hook-form
 * does not fit their first-load budget.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { type BaseSyntheticEvent, useCallback, useRef, useState } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type FormFeedback, type FormSubmitOptions, sendForFeedback } from './field-errors';

export type ApiFormOptions<In extends FieldValues, Out, Result> = FormSubmitOptions<Out, Result> & {
  defaultValues: DefaultValues<In>;
};

export type ApiForm<In extends FieldValues = FieldValues, Out = In> = UseFormReturn<In, unknown, Out> & {
  /** The form element's submit handler. */
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  feedback: FormFeedback;
  setFeedback: (feedback: FormFeedback) => void;
  /** Names of the fields the form shows; server errors for other names go to the alert. */
  shownFields: Set<string>;
  t: TFunction;
};

export type FormSchema = z.ZodType<FieldValues, FieldValues>;

export const useApiForm = <Schema extends FormSchema, Result = unknown>(
  schema: Schema,
  options: ApiFormOptions<z.input<Schema>, z.output<Schema>, Result>,
): ApiForm<z.input<Schema>, z.output<Schema>> => {
  type In = z.input<Schema>;
  type Out = z.output<Schema>;
  const { t } = useTranslation();
  const [feedback, setFeedback] = useState<FormFeedback>(null);
  const shownFields = useRef(new Set<string>()).current;
  const form = useForm<In, unknown, Out>({
    // The resolver's generic overloads cannot follow a generic schema; the types are pinned by In/Out above.
    resolver: zodResolver(schema as never) as never,
    defaultValues: options.defaultValues,
  });
  const latest = useRef(options);
  latest.current = options;

  const handle = useCallback(
    async (values: Out) => {
      setFeedback(null);
      setFeedback(await sendForFeedback(values, latest.current, { t, setError: form.setError, shownFields }));
    },
    [t, form.setError, shownFields],
  );

  return { ...form, submit: form.handleSubmit(handle), feedback, setFeedback, shownFields, t };
};
