/**
 * One hook for "run an action, say what it did, show why it was refused": the outcome's `message` (the
 * server's sentence) becomes a toast, a refusal (a stale version, a state that does not allow it) a sentence
 * from `describeError` that `ActionGroup` shows in an alert. A page never writes this sequence itself.
 */
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { describeError } from '../describe-error';
import { useToast } from '../feedback/toast';

export type Action<Variables> = {
  /** Runs the mutation; resolves when it settled (never rejects: a refusal shows in `error`). */
  run: (variables: Variables) => Promise<void>;
  /** True while running, or, with a test, while running those variables. */
  isPending: (match?: (variables: Variables) => boolean) => boolean;
  /** The refusal in words, or null. */
  error: string | null;
};

export const useAction = <Variables, Result extends { message?: string }>(
  mutation: UseMutationResult<Result, unknown, Variables>,
  options: { onSuccess?: (result: Result) => void } = {},
): Action<Variables> => {
  const { t } = useTranslation();
  const toast = useToast();
  return {
    run: (variables) =>
      mutation.mutateAsync(variables).then(
        (result) => {
          if (result.message) toast(result.message);
          options.onSuccess?.(result);
        },
        () => undefined,
      ),
    isPending: (match) =>
      mutation.isPending && (!match || (mutation.variables !== undefined && match(mutation.variables))),
    error: mutation.isError ? describeError(t, mutation.error, 'GENERIC') : null,
  };
};
