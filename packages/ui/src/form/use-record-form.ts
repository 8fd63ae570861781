/**
 * `useRecordForm(schema, options)`: the form of a staff record that is created at `/<area>/create` and edited at
 * `/<area>/edit/{id}` (a coupon, a campaign), on top of `useApiForm`.
 *
 * - Filled from the record (`valuesOf`), or from `empty()` for a new one.
 * - One save mutation; the answer carries the saved record and the server's sentence (`message`).
 * - After saving: the sentence is a toast and the form's success alert; an edit goes on from what was saved
 *   (its new version), a new record opens its edit screen (`editPath`).
 */
import type { DefaultValues } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useToast } from '../feedback/toast';
import type { SubmitMutation } from './field-errors';
import { type FormSchema, useApiForm } from './use-api-form';

type Values<Schema extends FormSchema> = DefaultValues<z.input<Schema>>;

type Saving<Schema extends FormSchema, Item, Result> = {
  valuesOf: (record: Item) => Values<Schema>;
  mutation: SubmitMutation<z.output<Schema>, Result>;
  /** The saved record in the mutation's answer. */
  saved: (result: Result) => Item;
};

export type RecordFormOptions<Schema extends FormSchema, Item, Result> = Saving<Schema, Item, Result> &
  (
    | { record: Item }
    | { record: Item | undefined; empty: () => Values<Schema>; editPath: (saved: Item) => string }
  );

/** The record's values, or a new record's. */
const firstValues = <Schema extends FormSchema, Item, Result>(
  options: RecordFormOptions<Schema, Item, Result>,
) => {
  if (!('empty' in options)) return options.valuesOf(options.record);
  return options.record === undefined ? options.empty() : options.valuesOf(options.record);
};

export const useRecordForm = <Schema extends FormSchema, Item, Result extends { message: string }>(
  schema: Schema,
  options: RecordFormOptions<Schema, Item, Result>,
) => {
  const toast = useToast();
  const navigate = useNavigate();
  const form = useApiForm(schema, {
    defaultValues: firstValues(options),
    mutation: options.mutation,
    onSuccess: (result) => {
      toast(result.message);
      const saved = options.saved(result);
      if ('editPath' in options && options.record === undefined) navigate(options.editPath(saved));
      else form.reset(options.valuesOf(saved));
      return { kind: 'success', message: result.message };
    },
    fallback: 'GENERIC',
  });
  return form;
};
