import type { PaymentOutcome } from '@esim/contracts';
import { isApiError } from '@esim/ui/api-client';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api';
import { readViewToken, saveViewToken } from '../view-token';

/** POST /api/orders/:orderId/confirm: what became of the payment the provider returned from. */
export const confirmPayment = (orderId: string, sessionId: string) =>
  api.post<PaymentOutcome>(`/orders/${encodeURIComponent(orderId)}/confirm`, { sessionId });

/** While the provider has not confirmed yet: ask again every 1.5 s, for at most 30 s, then say so. */
export const confirmPollMs = 1_500;
export const confirmMaxAttempts = 20;

export type PaymentConfirmation =
  | { status: 'confirming' }
  | { status: 'slow' }
  | { status: 'succeeded'; viewToken: string | null }
  | { status: 'completed_earlier' }
  /** This return's charge was a second one for an order already paid: it is given back (`message` says so). */
  | { status: 'refunded'; message: string | null }
  | { status: 'failed' }
  | { status: 'error'; error: unknown };

/**
 * One request per attempt even when an effect runs twice (React's development double mount): the first answer
 * for a paid order is "succeeded" and every later one "completed earlier", so a repeated call would lose the QR.
 */
const inFlight = new Map<string, Promise<PaymentOutcome>>();
const confirmShared = (orderId: string, sessionId: string, attempt: string) => {
  const key = `${orderId}:${sessionId}:${attempt}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = confirmPayment(orderId, sessionId);
    inFlight.set(key, pending);
    const forget = () => setTimeout(() => inFlight.delete(key), 0);
    pending.then(forget, forget);
  }
  return pending;
};

const fromError = (error: unknown): PaymentConfirmation => {
  if (isApiError(error) && error.code === 'PAYMENT_COMPLETED_EARLIER') return { status: 'completed_earlier' };
  if (isApiError(error) && error.code === 'PAYMENT_FAILED') return { status: 'failed' };
  return { status: 'error', error };
};

/**
 * The success page's confirmation (SPEC section 4: success, failure, or completed earlier). A view token kept
 * in this tab wins (a reload shows the QR code again); otherwise the server is asked, and again while pending.
 * `checkAgain` starts a new round after the bounded wait or an error.
 */
export const usePaymentConfirmation = (orderId: string | null, sessionId: string | null) => {
  const [state, setState] = useState<PaymentConfirmation>({ status: 'confirming' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!orderId || !sessionId) return;
    const stored = readViewToken(orderId);
    if (stored) {
      setState({ status: 'succeeded', viewToken: stored });
      return;
    }
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (attempt: number) => {
      let next: PaymentConfirmation;
      try {
        const { outcome, viewToken, message } = await confirmShared(
          orderId,
          sessionId,
          `${round}:${attempt}`,
        );
        if (outcome === 'succeeded' && viewToken) saveViewToken(orderId, viewToken);
        if (outcome === 'pending') {
          if (cancelled) return;
          if (attempt + 1 < confirmMaxAttempts) {
            timer = setTimeout(() => void ask(attempt + 1), confirmPollMs);
            return;
          }
          next = { status: 'slow' };
        } else if (outcome === 'succeeded') next = { status: 'succeeded', viewToken };
        else if (outcome === 'refunded') next = { status: 'refunded', message };
        else next = { status: outcome };
      } catch (error) {
        next = fromError(error);
      }
      if (!cancelled) setState(next);
    };
    setState({ status: 'confirming' });
    void ask(0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [orderId, sessionId, round]);

  return { state, checkAgain: () => setRound((r) => r + 1) };
};
