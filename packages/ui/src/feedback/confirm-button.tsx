/**
 * A button for a destructive action that asks first: the question, the consequence, and the two choices in a
 * modal. The action runs only on "confirm"; its pending state keeps the modal open until it settles.
 */
import { Button, type ButtonProps, Group, Modal, Text, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';

type ConfirmButtonProps = ButtonProps & {
  children: ReactNode;
  /** The modal's title: the question ("Block this client?"). */
  title: string;
  /** What will happen, in one or two sentences. */
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Ask for a reason too (money or access changes): confirm stays disabled until it has `minLength` characters. */
  reason?: { label: string; minLength: number; maxLength: number };
  onConfirm: (reason?: string) => Promise<unknown>;
  'data-testid'?: string;
};

export const ConfirmButton = ({
  children,
  title,
  message,
  confirmLabel,
  cancelLabel,
  reason,
  onConfirm,
  'data-testid': testId,
  ...button
}: ConfirmButtonProps) => {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [text, setText] = useState('');
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm(reason ? text.trim() : undefined);
    } finally {
      setPending(false);
      setOpen(false);
      setText('');
    }
  };
  const missingReason = Boolean(reason) && text.trim().length < (reason?.minLength ?? 0);
  return (
    <>
      <Button {...button} onClick={() => setOpen(true)} data-testid={testId}>
        {children}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={title}
        centered
        closeButtonProps={{ 'aria-label': cancelLabel }}
      >
        {message ? <Text mb="lg">{message}</Text> : null}
        {reason ? (
          <Textarea
            label={reason.label}
            required
            autosize
            minRows={2}
            maxLength={reason.maxLength}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            mb="lg"
            data-testid={testId ? `${testId}-reason` : undefined}
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setOpen(false)} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button
            color={button.color ?? 'red.9'}
            loading={pending}
            disabled={missingReason}
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
