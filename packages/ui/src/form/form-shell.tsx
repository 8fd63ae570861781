import { Alert, Button, type ButtonProps, Stack } from '@mantine/core';
import { type FocusEventHandler, type ReactNode, useSyncExternalStore } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { FormFeedback } from './field-errors';
import type { ApiForm } from './use-api-form';

/**
 * The message a form shows above its fields: the API's errors and SPEC success messages. Outline with dark
 * text so both colours pass WCAG AA on white.
 */
export const FormAlert = ({ feedback }: { feedback: FormFeedback }) => {
  if (!feedback) return null;
  return (
    <Alert
      color={feedback.kind === 'error' ? 'red.9' : 'green.9'}
      variant="outline"
      role={feedback.kind === 'error' ? 'alert' : 'status'}
      data-testid={`form-${feedback.kind}`}
      mb="md"
      styles={{ message: { color: 'var(--mantine-color-dark-9)', fontSize: 'var(--mantine-font-size-sm)' } }}
    >
      {feedback.message}
    </Alert>
  );
};

type FormShellProps<In extends FieldValues> = {
  form: ApiForm<In, unknown>;
  children: ReactNode;
  /** The submit button's text; without it the form renders its own buttons inside `children`. */
  submitLabel?: string;
  submitProps?: Omit<ButtonProps, 'children' | 'type' | 'loading'> & { 'data-testid'?: string };
  /** Below the submit button (links such as "Forgot password?"). */
  footer?: ReactNode;
  gap?: string;
  maw?: number;
  'data-testid'?: string;
  'aria-busy'?: boolean;
  /** Focus moved into the form: slow work its submit needs (the human check) can start while the visitor types. */
  onFocus?: FocusEventHandler<HTMLFormElement>;
};

const noSubscription = () => () => {};

/** false in server-rendered HTML and while it hydrates; true once the scripts handle the page. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * The form element, its alert and its submit button; fields go in between. The forms need their scripts (checks,
 * the human check, the API), so the submit button waits for them: clicked in server-rendered HTML it would send
 * the browser's own GET with what was typed (names, e-mail, message) in the address. `post` keeps that out of
 * URLs for forms that bring their own buttons.
 */
export const FormShell = <In extends FieldValues>({
  form,
  children,
  submitLabel,
  submitProps,
  footer,
  gap = 'md',
  maw,
  ...rest
}: FormShellProps<In>) => {
  const hydrated = useHydrated();
  return (
    <form
      method="post"
      onSubmit={form.submit}
      noValidate
      data-testid={rest['data-testid']}
      aria-busy={rest['aria-busy']}
      onFocus={rest.onFocus}
    >
      <FormAlert feedback={form.feedback} />
      <Stack gap={gap} maw={maw}>
        {children}
        {submitLabel ? (
          <Button
            type="submit"
            loading={form.formState.isSubmitting}
            {...submitProps}
            disabled={!hydrated || submitProps?.disabled}
          >
            {submitLabel}
          </Button>
        ) : null}
        {footer}
      </Stack>
    </form>
  );
};
