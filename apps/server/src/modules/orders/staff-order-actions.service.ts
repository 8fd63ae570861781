import type { Locale } from '@esim/contracts';
import {
  type ContactBuyerResponse,
  contactBuyerWindowMinutes,
  type ReviewDecisionBody,
  type StaffOrderActionResponse,
} from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import type { TFunction } from 'i18next';
import { AppError } from '../../lib/app-error';
import { recordChange } from '../audit/audit.repository';
import { creditTopUp } from '../credits/credits.service';
import { renderActionMail } from '../mail/templates';
import { lastStaffActionAt, recordOrderEvent } from '../order-timeline/order-timeline.repository';
import { sumOutstandingRefundsOfOrder } from '../refunds/refunds.repository';
import type { FulfilmentDeps } from './fulfilment.service';
import { changeOrderStatus, lockOrder, type OrderRow } from './orders.repository';

/**
 * Staff decisions on one order (issue 31): approve or cancel an order in review (ADR 0034) and "contact the
 * buyer" of a failed one (ADR 0035). Each runs under the order's row lock, writes its staff action and state
 * change on the order's timeline and its audit row in the same transaction, and is safe to click twice.
 */

type ActionDeps = Pick<FulfilmentDeps, 'db' | 'i18n' | 'mailer' | 'jobs'> & { config: { siteUrl: string } };
type Staff = { staffUserId: string; t: TFunction };

const lockInReview = async (tx: Db, orderId: string) => {
  const order = await lockOrder(tx, orderId);
  if (!order) throw new AppError('NOT_FOUND');
  // A second click, or a colleague who decided first: the order has left review, nothing changes.
  if (order.fulfilmentStatus !== 'for_review') throw new AppError('ORDER_NOT_IN_REVIEW');
  return order;
};

const audit = (tx: Db, by: Staff, action: string, order: OrderRow, after: Record<string, unknown>) =>
  recordChange(tx, {
    staffUserId: by.staffUserId,
    action: `order.${action}`,
    entityType: 'order',
    entityId: order.id,
    before: { status: order.status },
    after,
  });

const staffAction = (tx: Db, orderId: string, by: Staff, action: string, reason: string | null) =>
  recordOrderEvent(tx, orderId, {
    kind: 'staff_action',
    actor: 'staff',
    staffUserId: by.staffUserId,
    detail: { action, reason },
  });

/**
 * Approve: the order is carried out as ordered. An eSIM order goes back to `paid` with a fresh attempt count and
 * is queued for the same fulfilment job as any paid order; a shop's credit top-up is credited (once: the ledger
 * keys are the order's) and completed. A change of eSIM that lost its race cannot be approved: the eSIM it was
 * for has already been replaced, so it can only be cancelled or refunded.
 */
export const approveReview = async (
  deps: ActionDeps,
  orderId: string,
  body: ReviewDecisionBody,
  by: Staff,
): Promise<StaffOrderActionResponse> => {
  const approved = await deps.db.transaction(async (tx) => {
    const order = await lockInReview(tx, orderId);
    if (order.reviewReason === 'esim_change_race') throw new AppError('ORDER_NOT_APPROVABLE');
    // Money already given back (or on its way): the order can no longer be carried out as it was ordered.
    if ((await sumOutstandingRefundsOfOrder(tx, orderId)) > 0)
      throw new AppError(
        'ORDER_NOT_APPROVABLE',
        undefined,
        undefined,
        undefined,
        'errors.ORDER_PARTLY_REFUNDED',
      );
    await staffAction(tx, orderId, by, 'approve', body.reason);
    const change = { actor: 'staff' as const, staffUserId: by.staffUserId, reason: body.reason };
    if (order.kind === 'credits' && order.shopId) {
      await creditTopUp(tx, {
        shopId: order.shopId,
        orderId,
        amountCents: order.totalCents,
        bonusCents: order.bonusCents ?? 0,
      });
      await changeOrderStatus(tx, order, 'completed', change, { completedAt: new Date() });
      await audit(tx, by, 'approve', order, { status: 'completed', reason: body.reason });
      return { order, status: 'completed' as const };
    }
    await changeOrderStatus(tx, order, 'paid', change, { fulfilmentAttempts: 0, failedAt: null });
    await audit(tx, by, 'approve', order, { status: 'paid', reason: body.reason });
    return { order, status: 'paid' as const };
  });
  if (approved.status === 'paid') await deps.jobs.enqueueFulfilment(orderId);
  return {
    status: approved.status,
    message: by.t('admin:orderScreens.messages.approved', { number: approved.order.number }),
  };
};

/**
 * Cancel: the order is closed without being carried out. Money is not moved here: a payment to give back is
 * refunded with the refund action, which works on cancelled orders too.
 */
export const cancelReview = async (
  deps: Pick<ActionDeps, 'db'>,
  orderId: string,
  body: ReviewDecisionBody,
  by: Staff,
): Promise<StaffOrderActionResponse> => {
  const order = await deps.db.transaction(async (tx) => {
    const locked = await lockInReview(tx, orderId);
    await staffAction(tx, orderId, by, 'cancel', body.reason);
    await changeOrderStatus(tx, locked, 'cancelled', {
      actor: 'staff',
      staffUserId: by.staffUserId,
      reason: body.reason,
    });
    await audit(tx, by, 'cancel', locked, { status: 'cancelled', reason: body.reason });
    return locked;
  });
  return {
    status: 'cancelled',
    message: by.t('admin:orderScreens.messages.cancelled', { number: order.number }),
  };
};

/** The orders whose buyer staff may write to from the template: those that went wrong and wait for staff. */
const contactable = new Set<OrderRow['fulfilmentStatus']>(['failed', 'for_review']);

/**
 * "Contact the buyer": the template e-mail in the order's language, through the outbox, on the timeline and
 * audited. Within `contactBuyerWindowMinutes` of the last one nothing is sent again (a double click, or two
 * staff at once: the order's row lock puts the second after the first).
 */
export const contactBuyer = async (
  deps: ActionDeps,
  orderId: string,
  body: { reason?: string | undefined } | null | undefined,
  by: Staff,
): Promise<ContactBuyerResponse> => {
  const result = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError('NOT_FOUND');
    if (!contactable.has(order.fulfilmentStatus)) throw new AppError('ACTION_NOT_ALLOWED');
    const last = await lastStaffActionAt(tx, orderId, 'contact_buyer');
    const windowMs = contactBuyerWindowMinutes * 60_000;
    if (last && Date.now() - last.getTime() < windowMs)
      return { order, sent: false, minutes: Math.max(1, Math.ceil((Date.now() - last.getTime()) / 60_000)) };
    const mail = renderActionMail(deps.i18n.fixedT(order.locale as Locale, 'mail'), {
      to: order.buyerEmail,
      name: order.buyerName.split(' ')[0] ?? order.buyerName,
      link: `${deps.config.siteUrl}/contact`,
      template: 'orderScreens.contactBuyer',
      values: { number: order.number },
    });
    await deps.mailer.send(mail, tx);
    await staffAction(tx, orderId, by, 'contact_buyer', body?.reason ?? null);
    await recordOrderEvent(tx, orderId, {
      kind: 'message_sent',
      actor: 'staff',
      staffUserId: by.staffUserId,
      detail: { channel: 'email', to: mail.to, subject: mail.subject },
    });
    await recordChange(tx, {
      staffUserId: by.staffUserId,
      action: 'order.contact_buyer',
      entityType: 'order',
      entityId: order.id,
      before: null,
      after: { to: mail.to, subject: mail.subject, locale: order.locale },
    });
    return { order, sent: true, minutes: 0 };
  });
  if (result.sent) void deps.mailer.deliverPending().catch(() => undefined);
  return {
    status: result.order.status,
    sent: result.sent,
    message: result.sent
      ? by.t('admin:orderScreens.messages.contacted', { email: result.order.buyerEmail })
      : by.t('admin:orderScreens.messages.contactedAlready', { count: result.minutes }),
  };
};
