import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { type RefundOutcome, type RefundSettlementDeps, settleRefund } from './refund-settlement';
import {
  getRefundWithPayment,
  listUnsentRefundsOfSession,
  type RefundRow,
  refundKeyOf,
  updateRefund,
} from './refunds.repository';

/** What sending a refund uses. */
export type RefundDeps = RefundSettlementDeps & Pick<AppDeps, 'payments'>;

/** The provider's answer settles the refund in a transaction of its own (the order locked first). */
const settleAnswer = (deps: RefundDeps, refund: RefundRow, outcome: RefundOutcome) =>
  deps.db.transaction((tx) => settleRefund(tx, deps, refund.id, refund.orderId, outcome));

/**
 * Sends one recorded card refund to the provider, after the transaction that recorded it has committed, under the
 * key of its attempt (`refundKeyOf`), so sending it again (a replayed webhook, a resend) never refunds twice. A
 * refusal or an outage leaves the refund `failed` with the error, for staff to retry (DESIGN section 3); what it
 * held back goes back (ADR 0090).
 */
export const sendRefund = async (deps: RefundDeps, refundId: string, log: FastifyBaseLogger) => {
  const row = await getRefundWithPayment(deps.db, refundId);
  if (!row?.paymentRef || row.refund.status !== 'pending' || row.refund.providerRef) return;
  await updateRefund(deps.db, refundId, { attempts: row.refund.attempts + 1 });
  try {
    const result = await deps.payments.refund({
      paymentRef: row.paymentRef,
      amountCents: row.refund.amountCents,
      idempotencyKey: refundKeyOf(row.refund.id, row.refund.keyVersion),
    });
    if (result.status === 'pending') {
      // Accepted and on its way: the provider's webhook settles it.
      await updateRefund(deps.db, refundId, { providerRef: result.refundRef });
    } else {
      const failure =
        result.status === 'failed'
          ? (result.failure ?? { code: 'unknown' as const, message: 'the provider refused the refund' })
          : null;
      await settleAnswer(deps, row.refund, {
        status: result.status,
        actor: 'payment_provider',
        providerRef: result.refundRef,
        ...(failure ? { error: failure.message, errorCode: failure.code } : {}),
      });
    }
    log.info({ refundId, orderId: row.refund.orderId, status: result.status }, 'refund sent');
  } catch (err) {
    log.error({ err, refundId, orderId: row.refund.orderId }, 'payment provider: refund failed');
    const failure = deps.payments.refundErrorOf(err);
    await settleAnswer(deps, row.refund, {
      status: 'failed',
      actor: 'payment_provider',
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
