/**
 * `useApiForm(schema, options)`: a zod contract bound to react-hook-form, with the API's errors mapped once.
 *
 * - The contract validates on the client with the same rules the server uses (zod resolver); the kit's field
 *   components translate its rule messages (field-errors.ts).
 * - A failed submit puts the envelope's `errors` map under the fields the form shows (fields register
 *   themselves through `useField`) and the rest — the envelope's `message`, messages for fields the form does
 *   not show, a generic sentence for network and server failures — into the form-level alert of `FormShell`.
 * - `onSuccess` may return the success message to show (SPEC success texts come from the server).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { type BaseSyntheticEvent, useCallback, useRef, useState } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type FormFeedback, getSubmitFeedback, type SubmitFeedbackOptions } from './field-errors';

/** A TanStack Query mutation or anything with its `mutateAsync`. */
export type SubmitMutation<Body, Result> = { mutateAsync: (body: Body) => Promise<Result> };

export type ApiFormOptions<In extends FieldValues, Out, Result> = SubmitFeedbackOptions & {
  defaultValues: DefaultValues<In>;
  /** Sends the parsed values; give this or `mutation`. */
  onSubmit?: (values: Out) => Promise<Result>;
  mutation?: SubmitMutation<Out, Result>;
  /** After a successful submit; the returned feedback (usually the server's message) is shown. */
  onSuccess?: (result: Result, values: Out) => FormFeedback | undefined;
  /** Maps an error the form treats specially; return undefined to fall through to the kit's mapping. */
  onError?: (error: unknown) => FormFeedback | undefined;
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

export const useApiForm = <Schema extends z.ZodType<FieldValues, FieldValues>, Result = unknown>(
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
      const { onSubmit, mutation, onSuccess, onError, fallback, handledElsewhere } = latest.current;
      setFeedback(null);
      const send = onSubmit ?? mutation?.mutateAsync;
      if (!send) throw new Error('useApiForm needs onSubmit or mutation');
      try {
        const result = await send(values);
        setFeedback(onSuccess?.(result, values) ?? null);
      } catch (error) {
        const special = onError?.(error);
        setFeedback(
          special !== undefined
            ? special
            : getSubmitFeedback(t, error, form.setError, shownFields, { fallback, handledElsewhere }),
        );
      }
    },
    [t, form.setError, shownFields],
  );

  return { ...form, submit: form.handleSubmit(handle), feedback, setFeedback, shownFields, t };
};
