/**
 * Toasts: a short message that says what an action did ("The client is blocked…"), shown for a few seconds in
 * a corner and read out by screen readers (a polite live region). One provider per app, `useToast()` anywhere.
 */
import { Notification, Portal, Stack } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

export type ToastKind = 'success' | 'error';
type Toast = { id: number; message: string; kind: ToastKind };
type ShowToast = (message: string, kind?: ToastKind) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** How long a toast stays: long enough to read a sentence twice. */
const toastMs = 6000;

export const ToastProvider = ({ children, closeLabel }: { children: ReactNode; closeLabel: string }) => {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback<ShowToast>(
    (message, kind = 'success') => {
      const id = nextId.current++;
      setToasts((all) => [...all.slice(-2), { id, message, kind }]);
      setTimeout(() => dismiss(id), toastMs);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Portal>
        <Stack
          gap="xs"
          role="status"
          aria-live="polite"
          data-testid="toasts"
          style={{
            position: 'fixed',
            insetInlineEnd: 16,
            bottom: 16,
            zIndex: 1000,
            maxWidth: 'min(420px, 90vw)',
          }}
        >
          {toasts.map((toast) => (
            <Notification
              key={toast.id}
              color={toast.kind === 'success' ? 'green.9' : 'red.9'}
              withBorder
              onClose={() => dismiss(toast.id)}
              closeButtonProps={{ 'aria-label': closeLabel }}
              data-testid="toast"
            >
              {toast.message}
            </Notification>
          ))}
        </Stack>
      </Portal>
    </ToastContext.Provider>
  );
};

/** Shows a toast; outside a provider (a test rendering one component) it does nothing. */
export const useToast = (): ShowToast => useContext(ToastContext) ?? (() => undefined);
