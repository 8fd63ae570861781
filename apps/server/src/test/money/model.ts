import type { OpKind, Phase } from './operations';

/**
 * The money model (ADR 0095): what the test itself did and saw through the API, kept apart from what the
 * product stored, so the invariants can hold one against the other. Amounts are integer cents.
 */

export type ModelRefund = {
  id: string;
  /** The amount asked (cents), `full` for everything left (a client refund asks `full` of each order). */
  asked: number | 'full';
  /** What the answer said of the refund row it returned. */
  answeredCents: number;
  answeredStatus: string;
  kind: string;
  phase: Phase;
};

export type OrderKind = 'esim' | 'gift_card' | 'credits' | 'shop_purchase' | 'topup';

export type ModelOrder = {
  handle: string;
  kind: OrderKind;
  lane: string;
  /** The signed-in customer who bought it (null: a guest, or a shop's order). */
  customer: string | null;
  shop: string | null;
  id: string;
  number: string;
  buyerEmail: string;
  totalCents: number;
  /** What the buyer was shown before paying: the price, or the coupon's preview total. */
  shownCents: number;
  /** What the gift card was expected to pay (its preview), and what the card page was expected to charge. */
  expectedGiftCents: number;
  expectedCardCents: number;
  /** What the gift card paid in the end (total less the card page's amount), and its handle. */
  giftCents: number;
  giftCard: string | null;
  /** A shop's purchase: the credits it cost. A top-up: the bonus quoted. */
  creditCents: number;
  bonusCents: number;
  sessionId: string | null;
  /** Paid: the card page charged, the gift card paid all, or the shop's credit was debited. */
  paid: boolean;
  coupon: 'open' | 'limited' | null;
  /** Refunds the answers named, by id (a double click answered with the first refund counts once). */
  refunds: Map<string, ModelRefund>;
  /** Some accepted refund asked for everything left (or a client refund took the order). */
  fullAsked: boolean;
  /** A staff refund sent right after payment, while fulfilment was running. */
  racedFulfilment: boolean;
};

export type ModelGiftCard = {
  handle: string;
  orderHandle: string;
  buyer: string;
  recipient: string;
  amountCents: number;
  later: boolean;
  id: string | null;
  /** Read from the recipient's e-mail when it arrives (today's cards only). */
  code: string | null;
  /** Resolves with the code once delivered (or null: not paid, sent later, or never arrived). */
  delivered: Promise<string | null>;
  /** The purchase was refunded in full (what was left on the card went back to the giver). */
  purchaseRefundedInFull: boolean;
  /** A refund onto the card happened after that (money may legitimately be on it again). */
  refilledAfterRefund: boolean;
  /**
   * Counts each start and each end of a refund of its purchase: a checkout that sees another count after its order
   * than before its preview raced one (the preview then no longer tells what the card pays).
   */
  purchaseRefundEvents: number;
};

export type ModelCustomer = { handle: string; id: string; email: string; phone: string; token: string };
export type ModelShop = { handle: string; id: string; userId: string; email: string; token: string };

export type Violation = {
  invariant: string;
  seed: number;
  sequence: number;
  /** The order number, gift card, shop or request the check is about. */
  subject: string;
  expected: string;
  actual: string;
  /** The operation it was seen in, when seen during the run. */
  op?: string;
};

export type OpRecord = { line: string; outcome: string; kind: OpKind };

export type Model = {
  seed: number;
  sequence: number;
  runTag: string;
  customers: Map<string, ModelCustomer>;
  shops: Map<string, ModelShop>;
  staff: string[];
  orders: Map<string, ModelOrder>;
  giftCards: Map<string, ModelGiftCard>;
  /** Resolves when the operation that makes the handle has finished (with the entity, or null: it was refused). */
  made: Map<string, Promise<unknown>>;
  coupons: { open: string; limited: string; limitedMax: number };
  violations: Violation[];
  log: OpRecord[];
  /** Whether the sandbox's refund switch is on (phase 1). */
  refundsFail: boolean;
};

export const createModel = (seed: number, sequence: number, runTag: string): Model => ({
  seed,
  sequence,
  runTag,
  customers: new Map(),
  shops: new Map(),
  staff: [],
  orders: new Map(),
  giftCards: new Map(),
  made: new Map(),
  coupons: { open: '', limited: '', limitedMax: 3 },
  violations: [],
  log: [],
  refundsFail: false,
});

export const money = (cents: number) => `${(cents / 100).toFixed(2)} EUR`;

export const violate = (model: Model, v: Omit<Violation, 'seed' | 'sequence'>) => {
  model.violations.push({ seed: model.seed, sequence: model.sequence, ...v });
};

/** A refund row as the staff API answers it (one row, or several on a split refund). */
export type AnsweredRefund = {
  id: string;
  orderId: string;
  amountCents: number;
  status: string;
  kind: string;
};

export const refundsOfAnswer = (body: Record<string, unknown>): AnsweredRefund[] => {
  const many = body.refunds;
  if (Array.isArray(many)) return many as AnsweredRefund[];
  const one = body.refund;
  return one && typeof one === 'object' ? [one as AnsweredRefund] : [];
};
