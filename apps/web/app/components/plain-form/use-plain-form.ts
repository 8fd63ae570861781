/**
 * `usePlainForm(contract, options)`: the public pages' form engine (ADR 0027). It keeps `useApiForm`'s contract
 * and API error mapping, on React state instead of react-hook-form, whose 12.5 KB (gzip) did not fit a public
 * page's first-load budget (DESIGN section 7) next to the framework.
 *
 * - Values live in state; fields are controlled. A value typed before the scripts took over (the page paints
 *   first, ADR 0025) is in the DOM only: a field takes it when it is bound to its element in the first commit.
 * - The contract checks the values on submit, and after a failed submit again on every change (the UI kit's
 *   react-hook-form mode: onSubmit, then onChange). The first field in error takes the focus.
 * - The contract may come as a loader (`() => import(...)`). It loads with the checks (form-checks.ts:
 *   validation, error wording, API error mapping) when the visitor first focuses or touches the form, or at once
 *   with `loadChecks: 'at-once'` (a page everyone has come to fill in); a submit before then waits for both.
 *   Loaded during the page's load, their evaluation blocked the main thread for 100-200 ms on a slow phone.
 *   The values are read after that wait, so a phone number the phone field formatted meanwhile is checked as
 *   formatted. A failed import is tried again at the next submit.
 */
import type { ErrorFallback } from '@esim/ui/describe-error';
import type { FormFeedback, FormSubmitOptions } from '@esim/ui/form/field-errors';
import type { TFunction } from 'i18next';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { PlainFieldError } from './form-checks';

type Values = Record<string, unknown>;
type FormSchema = z.ZodType<Values, Values>;
type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Checks = typeof import('./form-checks');
/** A contract, or a loader of one (a dynamic import). */
export type SchemaSource<Schema extends FormSchema> = Schema | (() => Promise<Schema>);

export type FieldName<In extends Values> = Extract<keyof In, string>;

export type PlainFormOptions<In extends Values, Out, Result> = FormSubmitOptions<Out, Result> & {
  /** A field left out (a choice not made yet) holds undefined until it is set. */
  defaultValues: Partial<In>;
  /** When the contract and the checks load: at the first focus or touch (default), or as the form mounts. */
  loadChecks?: 'on-interaction' | 'at-once';
};

export type PlainForm<In extends Values = Values> = {
  values: Partial<In>;
  isSubmitting: boolean;
  feedback: FormFeedback;
  setFeedback: (feedback: FormFeedback) => void;
  /** Names of the fields the form shows; server errors for other names go to the alert. */
  shownFields: Set<string>;
  t: TFunction;
  /** The form element's submit handler. */
  submit: (event?: FormEvent) => Promise<void>;
  /** Starts loading the contract and the checks (the form shell calls it at the first focus or touch). */
  prepare: () => void;
  setValue: <Name extends FieldName<In>>(name: Name, value: In[Name]) => void;
  getValue: <Name extends FieldName<In>>(name: Name) => In[Name] | undefined;
  /** A field's error as the server or the contract gives it (a rule message, or the server's sentence). */
  setError: (
    name: string,
    error: { type?: string; message?: string },
    options?: { shouldFocus?: boolean },
  ) => void;
  /**
   * The text under a field, in the page's language; `emptyIsRequired` for a choice (see form-checks.ts); `label`
   * for a field shown under a label of its own, which its rule messages then name.
   */
  errorMessage: (name: FieldName<In>, emptyIsRequired?: boolean, label?: string) => string | undefined;
  /** Back to the default values, without errors, as before the first submit. */
  reset: () => void;
  /**
   * Binds a field's element: for the focus on errors, and to take a value typed before hydration (unless
   * `takeTyped` is false: the phone field formats what was typed itself).
   */
  ref: (
    name: FieldName<In>,
    takeTyped?: boolean,
  ) => (element: FieldElement | null) => (() => void) | undefined;
};

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The checks' module. A page everyone has come to fill in starts it when its own code runs, as it does its
 * contract (the order form): the pay tap then finds both here.
 */
export const loadFormChecks = () => import('./form-checks');

/** The contract and the checks, one import each per form, tried again after a failure. */
const useChecks = <Schema extends FormSchema>(source: SchemaSource<Schema>, atOnce: boolean) => {
  const loaded = useRef<Checks | null>(null);
  const [load] = useState(() => {
    let ready: Promise<{ schema: Schema; checks: Checks }> | null = null;
    const contract = typeof source === 'function' ? source : () => Promise.resolve(source);
    return () => {
      ready ??= Promise.all([contract(), loadFormChecks()]).then(
        ([schema, checks]) => {
          loaded.current = checks;
          return { schema, checks };
        },
        (error: unknown) => {
          ready = null;
          throw error;
        },
      );
      return ready;
    };
  });
  // A failure here is retried at the submit.
  const prepare = useCallback(() => {
    load().catch(() => undefined);
  }, [load]);
  useEffect(() => {
    if (atOnce) prepare();
  }, [atOnce, prepare]);
  return { loadChecks: load, loaded, prepare };
};

export const usePlainForm = <Schema extends FormSchema, Result = unknown>(
  contract: SchemaSource<Schema>,
  options: PlainFormOptions<z.input<Schema>, z.output<Schema>, Result>,
): PlainForm<z.input<Schema>> => {
  type In = z.input<Schema>;
  const { t } = useTranslation();
  const { loadChecks, loaded, prepare } = useChecks(contract, options.loadChecks === 'at-once');
  const [values, setValues] = useState<Partial<In>>(options.defaultValues);
  const [errors, setErrors] = useState<Partial<Record<string, PlainFieldError>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [feedback, setFeedback] = useState<FormFeedback>(null);
  // What the handlers read between renders: values set in this task, the latest options. `generation` moves on
  // at each submit and reset, so a check of older values started before then changes nothing.
  const current = useRef({
    values,
    submitted: false,
    options,
    generation: 0,
    checks: new Map<string, number>(),
  });
  current.current.options = options;
  const elements = useRef(new Map<string, FieldElement>()).current;
  const refs = useRef(new Map<string, ReturnType<PlainForm<In>['ref']>>()).current;
  const shownFields = useRef(new Set<string>()).current;
  // Values typed before the scripts took over are taken from the elements bound in the first commit only.
  const hydrated = useRef(false);
  useEffect(() => {
    hydrated.current = true;
  }, []);

  const focus = useCallback(
    (names: Iterable<string>) => {
      const wanted = new Set(names);
      // Bound in render order, so the first match is the first field in error on screen.
      for (const [name, element] of elements)
        if (wanted.has(name)) {
          element.focus();
          return;
        }
    },
    [elements],
  );

  const setError = useCallback<PlainForm['setError']>(
    (name, error, { shouldFocus = false } = {}) => {
      setErrors((all) => ({
        ...all,
        [name]: { type: error.type ?? 'server', message: error.message ?? '' },
      }));
      if (shouldFocus) focus([name]);
    },
    [focus],
  );

  /** After a failed submit, each change is checked again; only the changed field's error is updated. */
  const recheck = useCallback(
    async (name: string) => {
      const state = current.current;
      const check = (state.checks.get(name) ?? 0) + 1;
      state.checks.set(name, check);
      const generation = state.generation;
      const ready = await loadChecks().catch(() => null);
      if (!ready) return;
      const { errors: found } = await ready.checks.validate(ready.schema, state.values);
      if (check !== state.checks.get(name) || generation !== state.generation) return;
      setErrors((all) => {
        const { [name]: _was, ...rest } = all;
        return found[name] ? { ...rest, [name]: found[name] } : rest;
      });
    },
    [loadChecks],
  );

  const setValue = useCallback<PlainForm<In>['setValue']>(
    (name, value) => {
      current.current.values = { ...current.current.values, [name]: value };
      setValues(current.current.values);
      if (current.current.submitted) void recheck(name);
    },
    [recheck],
  );

  const getValue = useCallback<PlainForm<In>['getValue']>((name) => current.current.values[name], []);

  /** Typed (or chosen) before the scripts took over: the DOM has it, the state not yet. */
  const takeTypedValue = useCallback(
    (name: FieldName<In>, element: FieldElement) => {
      const choice =
        element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox');
      const typed = choice ? (element.checked ? element.value : '') : element.value;
      if (typed && isEmpty(current.current.values[name])) setValue(name, typed as In[typeof name]);
    },
    [setValue],
  );

  const ref = useCallback<PlainForm<In>['ref']>(
    (name, takeTyped = true) => {
      let bind = refs.get(name);
      if (!bind) {
        bind = (element) => {
          if (!element) return;
          // A radio group binds each of its inputs: the first one takes the focus.
          if (!elements.has(name)) elements.set(name, element);
          if (takeTyped && !hydrated.current) takeTypedValue(name, element);
          return () => {
            if (elements.get(name) === element) elements.delete(name);
          };
        };
        refs.set(name, bind);
      }
      return bind;
    },
    [elements, refs, takeTypedValue],
  );

  const errorMessage = useCallback<PlainForm<In>['errorMessage']>(
    (name, emptyIsRequired = false, label = undefined) => {
      const error = errors[name];
      if (!error || !loaded.current) return undefined;
      const empty = emptyIsRequired && isEmpty(values[name]);
      return loaded.current.describeFieldError(t, name, error, empty, label);
    },
    [errors, values, t, loaded],
  );

  const reset = useCallback(() => {
    const state = current.current;
    state.values = state.options.defaultValues;
    state.submitted = false;
    state.generation++;
    setValues(state.values);
    setErrors({});
  }, []);

  const submit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      const state = current.current;
      setSubmitting(true);
      try {
        state.submitted = true;
        const generation = ++state.generation;
        let ready: Awaited<ReturnType<typeof loadChecks>>;
        try {
          ready = await loadChecks();
        } catch {
          // Offline, or a new release replaced the chunks: said as any failure; the next submit tries again.
          const fallback: ErrorFallback = state.options.fallback ?? 'INTERNAL';
          setFeedback({ kind: 'error', message: t(`common:errors.${fallback}`) });
          return;
        }
        const { checks, schema } = ready;
        // The values are read once the contract is here: see the module's comment.
        const { data, errors: found } = await checks.validate(schema, state.values);
        if (generation === state.generation) setErrors(found);
        if (!data) {
          focus(Object.keys(found));
          return;
        }
        setFeedback(null);
        setFeedback(
          await checks.sendForFeedback(data as z.output<Schema>, state.options, { t, setError, shownFields }),
        );
      } finally {
        setSubmitting(false);
      }
    },
    [loadChecks, focus, t, setError, shownFields],
  );

  return {
    values,
    isSubmitting,
    feedback,
    setFeedback,
    shownFields,
    t,
    submit,
    prepare,
    setValue,
    getValue,
    setError,
    errorMessage,
    reset,
    ref,
  };
};
