import type { RefundErrorCode } from '@esim/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';

/** What sending a refund uses. */
export type RefundDeps = Pick<AppDeps, 'db' | 'payments'>;

import { recordOrderEvent } from '../order-timeline/order-timeline.repository';
import {
  getRefundWithPayment,
  listUnsentRefundsOfSession,
  type RefundRow,
  refundKeyOf,
  updateRefund,
} from './refunds.repository';

/** A refund's new state, and the same on its order's timeline, in one transaction (ADR 0031). */
const settleRefund = (
  deps: RefundDeps,
  refund: RefundRow,
  values: {
    providerRef?: string;
    status: 'pending' | 'succeeded' | 'failed';
    error: string | null;
    errorCode: RefundErrorCode | null;
  },
) =>
  deps.db.transaction(async (tx) => {
    await updateRefund(tx, refund.id, values);
    await recordOrderEvent(tx, refund.orderId, {
      kind: 'refund',
      actor: 'payment_provider',
      detail: {
        kind: refund.kind,
        status: values.status,
        amountCents: refund.amountCents,
        ...(values.errorCode ? { errorCode: values.errorCode, error: values.error } : {}),
      },
    });
  });

/**
 * Sends one recorded refund to the provider, after the transaction that recorded it has committed. The
 * idempotency key is the refund's id, so sending it again (a replayed webhook, a retry) never refunds twice.
 * An outage leaves the refund `failed` with the error, for staff to retry (DESIGN section 3).
 */
export const sendRefund = async (deps: RefundDeps, refundId: string, log: FastifyBaseLogger) => {
  const row = await getRefundWithPayment(deps.db, refundId);
  if (!row?.paymentRef || row.refund.status !== 'pending' || row.refund.providerRef) return;
  await updateRefund(deps.db, refundId, { attempts: row.refund.attempts + 1 });
  try {
    const result = await deps.payments.refund({
      paymentRef: row.paymentRef,
      amountCents: row.refund.amountCents,
      idempotencyKey: refundKeyOf(row.refund.id),
    });
    // The provider's refund webhook may have settled it already; an outcome it reported is kept.
    const current = await getRefundWithPayment(deps.db, refundId);
    if (current?.refund.status === 'succeeded') return;
    const failure =
      result.status === 'failed'
        ? (result.failure ?? { code: 'unknown' as const, message: 'the provider refused the refund' })
        : null;
    await settleRefund(deps, row.refund, {
      providerRef: result.refundRef,
      status: result.status,
      error: failure?.message ?? null,
      errorCode: failure?.code ?? null,
    });
    log.info({ refundId, orderId: row.refund.orderId, status: result.status }, 'automatic refund sent');
  } catch (err) {
    log.error({ err, refundId, orderId: row.refund.orderId }, 'payment provider: refund failed');
    const failure = deps.payments.refundErrorOf(err);
    await settleRefund(deps, row.refund, {
      status: 'failed',
      error: failure.message,
      errorCode: failure.code,
    });
  }
};

/** A replayed success for a charge whose refund never reached the provider: send it now (same key). */
export const resendUnsentRefunds = async (deps: RefundDeps, sessionRef: string, log: FastifyBaseLogger) => {
  for (const id of await listUnsentRefundsOfSession(deps.db, deps.payments.name, sessionRef))
    await sendRefund(deps, id, log);
};
