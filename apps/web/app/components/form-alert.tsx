import '../styles/form-styles';
import { Alert } from '@mantine/core';

export type FormFeedback = { kind: 'error' | 'success'; message: string } | null;

/** The message a form shows above its fields: server errors and SPEC success messages. */
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
