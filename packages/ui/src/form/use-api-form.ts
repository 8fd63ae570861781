/**
 * `useApiForm(schema, options)`: a zod contract bound to react-hook-form, with the API's errors mapped once.
 *
 * - The contract validates on the client with the same rules the server uses (zod resolver); the kit's field
 *   components translate its rule messages (field-errors.ts).
 * - A failed submit puts the envelope's `errors` map under the fields the form shows (fields register
 *   themselves through `useField`) and the rest — the envelope's `message`, messages for fields the form does
 *   not show, a generic sentence for network and server failures — into the form-level alert of `FormShell`.
 * - `onSuccess` may return the success message to show (SPEC success texts come from the server).
 * - The contract may come as a loader (`() => import(...)`): a public page then becomes usable without zod and
 *   libphonenumber in its first load. The loader starts once the form is in the browser; a submit before it has
 *   finished waits for it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { type BaseSyntheticEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
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

type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** A contract, or a loader of one (a dynamic import). */
export type SchemaSource<Schema extends FormSchema> = Schema | (() => Promise<Schema>);

/**
 * The zod resolver of a contract given as a loader: the first call (or `load`) starts the import, and every
 * validation waits for it. A failed import is tried again at the next validation.
 */
export const createLazyResolver = <Schema extends FormSchema>(loadSchema: () => Promise<Schema>) => {
  let ready: Promise<Resolver<FieldValues, unknown, FieldValues>> | null = null;
  const load = () => {
    ready ??= loadSchema().then(
      // The resolver's generic overloads cannot follow a generic schema.
      (schema) => zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, FieldValues>,
      (error: unknown) => {
        ready = null;
        throw error;
      },
    );
    return ready;
  };
  const resolver: Resolver<FieldValues, unknown, FieldValues> = async (values, context, options) =>
    (await load())(values, context, options);
  return { resolver, load };
};

export const useApiForm = <Schema extends FormSchema, Result = unknown>(
  schema: SchemaSource<Schema>,
  options: ApiFormOptions<z.input<Schema>, z.output<Schema>, Result>,
): ApiForm<z.input<Schema>, z.output<Schema>> => {
  type In = z.input<Schema>;
  type Out = z.output<Schema>;
  const { t } = useTranslation();
  const [feedback, setFeedback] = useState<FormFeedback>(null);
  const shownFields = useRef(new Set<string>()).current;
  // Made once per form: a loader keeps its import, a contract its resolver.
  const [validation] = useState(() =>
    typeof schema === 'function'
      ? createLazyResolver(schema)
      : { resolver: zodResolver(schema as never) as never, load: undefined },
  );
  useEffect(() => {
    // Fetched once the page is usable, not at the first submit; a failure here is retried at the submit.
    validation.load?.().catch(() => undefined);
  }, [validation]);
  const form = useForm<In, unknown, Out>({
    // The types are pinned by In/Out above.
    resolver: validation.resolver as never,
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
