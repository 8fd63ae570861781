/**
 * A button for a destructive action that asks first: the question, the consequence, and the two choices in a
 * modal. The action runs only on "confirm"; its pending state keeps the modal open until it settles.
 */
import { Button, type ButtonProps, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';

type ConfirmButtonProps = ButtonProps & {
  children: ReactNode;
  /** The modal's title: the question ("Block this client?"). */
  title: string;
  /** What will happen, in one or two sentences. */
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => Promise<unknown>;
  'data-testid'?: string;
};

export const ConfirmButton = ({
  children,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  'data-testid': testId,
  ...button
}: ConfirmButtonProps) => {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button {...button} onClick={() => setOpen(true)} data-testid={testId}>
        {children}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={title} centered>
        <Text mb="lg">{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setOpen(false)} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button
            color={button.color ?? 'red.9'}
            loading={pending}
            onClick={() => void confirm()}
            data-testid={testId ? `${testId}-confirm` : undefined}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Modal>
    </>
  );
};
