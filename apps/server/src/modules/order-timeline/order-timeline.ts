import type { OrderStatus, OrderTimelineEvent } from '@esim/contracts';
import type { OrderEventRow } from './order-timeline.repository';

/**
 * An order's timeline, newest first (ADR 0031): the events recorded since the timeline exists, and before the
 * first of them what older records tell — the order's own timestamps, its payment attempts, its refunds and the
 * e-mails found in the outbox. An order placed before the timeline has only that second part; an older order
 * changed since (a staff retry) has both, each for its own period.
 */

/** What an order's older records hold. */
export type TimelineSources = {
  order: {
    status: OrderStatus;
    paymentMethod: string;
    createdAt: Date;
    paidAt: Date | null;
    completedAt: Date | null;
    failedAt: Date | null;
    updatedAt: Date;
    failureReason: string | null;
  };
  payments: {
    provider: string;
    status: 'pending' | 'succeeded' | 'failed' | 'expired';
    amountCents: number;
    failureReason: string | null;
    createdAt: Date;
    updatedAt: Date;
  }[];
  refunds: {
    kind: string;
    status: 'pending' | 'succeeded' | 'failed';
    amountCents: number;
    createdAt: Date;
    updatedAt: Date;
  }[];
  messages: { channel: 'email' | 'sms' | 'push'; to: string; subject: string | null; createdAt: Date }[];
};

type Draft = OrderTimelineEvent & { sortAt: number };

const base = (at: Date) => ({ id: null, at: at.toISOString(), staff: null, sortAt: at.getTime() });

/** The timeline an order's older records imply (no recorded events). */
export const synthesiseTimeline = (sources: TimelineSources): OrderTimelineEvent[] => {
  const { order } = sources;
  const drafts: Draft[] = [];
  const state = (at: Date, from: OrderStatus | null, to: OrderStatus, reason: string | null = null) =>
    drafts.push({
      ...base(at),
      kind: 'state_changed',
      actor: 'system',
      detail: { from, to, reason },
    });
  // A shop's purchase paid with credits is created paid; every other order starts pending.
  const first: OrderStatus = order.paymentMethod === 'credits' && order.paidAt ? 'paid' : 'pending';
  state(order.createdAt, null, first);
  let current: OrderStatus = first;
  const steps: [Date | null, OrderStatus][] = [
    [first === 'paid' ? null : order.paidAt, 'paid'],
    [order.failedAt, 'failed'],
    [order.completedAt, 'completed'],
  ];
  for (const [at, to] of steps
    .filter((s): s is [Date, OrderStatus] => s[0] !== null)
    .sort((a, b) => a[0].getTime() - b[0].getTime())) {
    state(at, current, to, to === 'failed' ? order.failureReason : null);
    current = to;
  }
  // A state no timestamp tells (refunded, for review, cancelled): reached by the last update at the latest.
  if (order.status !== current) state(order.updatedAt, current, order.status, order.failureReason);
  for (const p of sources.payments) {
    const attempt = (at: Date, status: typeof p.status) =>
      drafts.push({
        ...base(at),
        kind: 'payment_attempt',
        actor: 'buyer',
        detail: {
          provider: p.provider,
          status,
          amountCents: p.amountCents,
          failureReason: status === p.status ? p.failureReason : null,
        },
      });
    attempt(p.createdAt, 'pending');
    if (p.status !== 'pending') attempt(p.updatedAt, p.status);
  }
  for (const r of sources.refunds) {
    const refund = (at: Date, status: typeof r.status) =>
      drafts.push({
        ...base(at),
        kind: 'refund',
        actor: 'system',
        detail: { kind: r.kind, status, amountCents: r.amountCents },
      });
    refund(r.createdAt, 'pending');
    if (r.status !== 'pending') refund(r.updatedAt, r.status);
  }
  for (const m of sources.messages)
    if (m.channel !== 'push')
      drafts.push({
        ...base(m.createdAt),
        kind: 'message_sent',
        actor: 'system',
        detail: { channel: m.channel, to: m.to, subject: m.subject },
      });
  return drafts.sort((a, b) => b.sortAt - a.sortAt).map(({ sortAt: _sortAt, ...event }) => event);
};

/** A recorded event as the timeline shows it. */
export const toTimelineEvent = (row: OrderEventRow): OrderTimelineEvent =>
  ({
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind,
    actor: row.actor,
    detail: row.detail,
    staff: row.staffUserId ? { id: row.staffUserId, name: row.staffName ?? '' } : null,
  }) as OrderTimelineEvent;

/**
 * The whole timeline, newest first: the recorded events (already newest first), then what the older records
 * say about the time before the first of them.
 */
export const buildTimeline = (recorded: OrderEventRow[], sources: TimelineSources) => {
  // An order created since the timeline exists has its whole history recorded, its creation first.
  const created = recorded.some((e) => e.kind === 'state_changed' && e.detail.from === null);
  if (created) return recorded.map(toTimelineEvent);
  const firstRecorded = recorded.at(-1)?.at.getTime() ?? Number.POSITIVE_INFINITY;
  const before = synthesiseTimeline(sources).filter((e) => Date.parse(e.at) < firstRecorded);
  return [...recorded.map(toTimelineEvent), ...before];
};
