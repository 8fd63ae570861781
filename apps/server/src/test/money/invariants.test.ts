import { describe, expect, it } from 'vitest';
import { checkInvariants, refundNoticeMailId, type Snapshot } from './invariants';
import { createModel, type Model, type ModelOrder } from './model';

/**
 * The money model's invariants on hand-made snapshots (ADR 0095): quiet on books that balance, and each one
 * speaks up on the break it is there to find (the cases issue 39 found on main).
 */

const order = (values: Partial<ModelOrder> & Pick<ModelOrder, 'handle' | 'kind' | 'id'>): ModelOrder => ({
  lane: 'c1',
  customer: 'c1',
  shop: null,
  number: values.id.toUpperCase(),
  buyerEmail: 'buyer@model.example',
  totalCents: 0,
  shownCents: 0,
  expectedGiftCents: 0,
  expectedCardCents: 0,
  giftCents: 0,
  giftCard: null,
  creditCents: 0,
  bonusCents: 0,
  sessionId: null,
  paid: true,
  coupon: null,
  refunds: new Map(),
  fullAsked: false,
  racedFulfilment: false,
  ...values,
});

const asked = (m: ModelOrder, id: string, cents: number | 'full') => {
  m.refunds.set(id, {
    id,
    asked: cents,
    answeredCents: 0,
    answeredStatus: 'succeeded',
    kind: 'order',
    phase: 0,
  });
  if (cents === 'full') m.fullAsked = true;
};

/**
 * Books that balance: an eSIM partly refunded to the card; a 20.00 gift card, 13.00 of it spent on an eSIM and
 * the 7.00 left refunded to the giver (the card cancelled); a shop's 200.00 top-up (6.00 bonus) half refunded
 * with its credit and half its bonus taken back; and a shop purchase refunded in full to its credit.
 */
const balancedBooks = (): { model: Model; s: Snapshot } => {
  const model = createModel(7, 0, 'test');
  model.shops.set('s1', { handle: 's1', id: 'shop-1', userId: 'u', email: 'shop@model.example', token: '' });
  model.coupons = { open: 'OPEN', limited: 'THREE', limitedMax: 3 };
  const a = order({ handle: 'o1', kind: 'esim', id: 'a', totalCents: 500, expectedCardCents: 500 });
  asked(a, 'r1', 300);
  const b = order({ handle: 'o2', kind: 'gift_card', id: 'b', totalCents: 2000 });
  asked(b, 'r2', 'full');
  const c = order({ handle: 'o3', kind: 'esim', id: 'c', totalCents: 1300, giftCents: 1300, giftCard: 'g2' });
  const d = order({ handle: 'o4', kind: 'credits', id: 'd', totalCents: 20_000, shop: 's1', customer: null });
  asked(d, 'r3', 10_000);
  const e = order({
    handle: 'o5',
    kind: 'shop_purchase',
    id: 'e',
    totalCents: 1000,
    shop: 's1',
    customer: null,
  });
  asked(e, 'r4', 'full');
  for (const o of [a, b, c, d, e]) model.orders.set(o.handle, o);
  const row = (id: string, kind: string, status: string, totalCents: number, paymentMethod = 'card') => ({
    id,
    number: id.toUpperCase(),
    kind,
    status,
    fulfilmentStatus: null,
    refundedCentsColumn: null,
    totalCents,
    paymentMethod,
    bonusCents: kind === 'credits' ? 600 : null,
    shopId: paymentMethod === 'credits' || kind === 'credits' ? 'shop-1' : null,
    buyerEmail: 'buyer@model.example',
    paid: true,
  });
  const s: Snapshot = {
    orders: [
      row('a', 'esim', 'partially_refunded', 500),
      row('b', 'gift_card', 'partially_refunded', 2000),
      row('c', 'esim', 'completed', 1300, 'gift_card'),
      row('d', 'credits', 'partially_refunded', 20_000),
      row('e', 'esim', 'refunded', 1000, 'credits'),
    ],
    charges: [
      { orderId: 'a', sessionId: 'sa', paymentRef: 'pa', amountCents: 500, status: 'succeeded' },
      { orderId: 'b', sessionId: 'sb', paymentRef: 'pb', amountCents: 2000, status: 'succeeded' },
      { orderId: 'd', sessionId: 'sd', paymentRef: 'pd', amountCents: 20_000, status: 'succeeded' },
    ],
    bankRefunds: [
      { key: 'refund-r1', paymentRef: 'pa', amountCents: 300 },
      { key: 'refund-r2', paymentRef: 'pb', amountCents: 700 },
      { key: 'refund-r3', paymentRef: 'pd', amountCents: 10_000 },
    ],
    refunds: [
      { id: 'r1', orderId: 'a', paymentId: 'pay-a', amountCents: 300, kind: 'order', status: 'succeeded' },
      { id: 'r2', orderId: 'b', paymentId: 'pay-b', amountCents: 700, kind: 'order', status: 'succeeded' },
      { id: 'r3', orderId: 'd', paymentId: 'pay-d', amountCents: 10_000, kind: 'order', status: 'succeeded' },
      { id: 'r4', orderId: 'e', paymentId: null, amountCents: 1000, kind: 'order', status: 'succeeded' },
    ],
    giftCards: [
      { id: 'g', orderId: 'b', amountCents: 2000, balanceCents: 0, status: 'cancelled', delivered: true },
    ],
    giftLines: [
      {
        giftCardId: 'g',
        orderId: 'c',
        kind: 'redemption',
        refundId: null,
        amountCents: 1300,
        status: 'captured',
      },
    ],
    shops: [{ id: 'shop-1', creditCents: 10_000, bonusCents: 300 }],
    ledger: [
      {
        shopId: 'shop-1',
        kind: 'topup',
        bucket: 'credit',
        amountCents: 20_000,
        orderId: 'd',
        key: 'topup:d',
      },
      { shopId: 'shop-1', kind: 'bonus', bucket: 'bonus', amountCents: 600, orderId: 'd', key: 'bonus:d' },
      {
        shopId: 'shop-1',
        kind: 'refund',
        bucket: 'credit',
        amountCents: -10_000,
        orderId: 'd',
        key: 'refund:r3:credit',
      },
      {
        shopId: 'shop-1',
        kind: 'refund',
        bucket: 'bonus',
        amountCents: -300,
        orderId: 'd',
        key: 'refund:r3:bonus',
      },
      {
        shopId: 'shop-1',
        kind: 'purchase',
        bucket: 'credit',
        amountCents: -1000,
        orderId: 'e',
        key: 'purchase:e:credit',
      },
      {
        shopId: 'shop-1',
        kind: 'refund',
        bucket: 'credit',
        amountCents: 1000,
        orderId: 'e',
        key: 'refund:r4:credit',
      },
    ],
    packages: [
      { orderId: 'a', status: 'active', esimStatus: 'ready' },
      { orderId: 'c', status: 'active', esimStatus: 'ready' },
      { orderId: 'e', status: 'active', esimStatus: 'ready' },
    ],
    esimsOfOrders: [{ orderId: 'a' }, { orderId: 'c' }, { orderId: 'e' }],
    providerCalls: [
      { orderId: 'a', request: 'order_profile', ok: true },
      { orderId: 'c', request: 'order_profile', ok: true },
      { orderId: 'e', request: 'order_profile', ok: true },
    ],
    notices: [],
    coupons: [{ code: 'THREE', max: 3, used: 3 }],
  };
  return { model, s };
};

const broken = (
  model: Model,
  s: Snapshot,
  options = { refundNotices: false, when: 'end' as 'end' | 'checkpoint' },
) => [...new Set(checkInvariants(model, s, options).map((v) => v.invariant))].sort();

const find = <T>(items: T[], match: (item: T) => boolean) => {
  const item = items.find(match);
  if (!item) throw new Error('fixture row missing');
  return item;
};

describe('money invariants', () => {
  it('find nothing in books that balance', () => {
    const { model, s } = balancedBooks();
    expect(checkInvariants(model, s, { refundNotices: false, when: 'end' })).toEqual([]);
  });

  it('a gift card purchase refunded in full after the card was spent, the card still paying', () => {
    const { model, s } = balancedBooks();
    find(s.refunds, (r) => r.id === 'r2').amountCents = 2000;
    find(s.bankRefunds, (r) => r.key === 'refund-r2').amountCents = 2000;
    find(s.orders, (o) => o.id === 'b').status = 'refunded';
    Object.assign(
      find(s.giftCards, (g) => g.id === 'g'),
      { status: 'active', balanceCents: 700 },
    );
    expect(broken(model, s)).toEqual([
      'giftcard.money-conserved',
      'giftcard.not-refunded-and-spendable',
      'model.refunds-as-asked',
      'money.conserved',
    ]);
  });

  it('a card scheduled for later, refunded in full, still to be sent', () => {
    const { model, s } = balancedBooks();
    s.giftLines = [];
    find(s.orders, (o) => o.id === 'c').paid = false;
    Object.assign(
      find(s.refunds, (r) => r.id === 'r2'),
      { amountCents: 2000 },
    );
    find(s.bankRefunds, (r) => r.key === 'refund-r2').amountCents = 2000;
    find(s.orders, (o) => o.id === 'b').status = 'refunded';
    Object.assign(
      find(s.giftCards, (g) => g.id === 'g'),
      { status: 'active', balanceCents: 0, delivered: false },
    );
    expect(broken(model, s)).toContain('giftcard.not-refunded-and-spendable');
  });

  it('a refunded top-up that leaves the credit (money doubled)', () => {
    const { model, s } = balancedBooks();
    s.ledger = s.ledger.filter((l) => !l.key.startsWith('refund:r3'));
    s.shops = [{ id: 'shop-1', creditCents: 20_000, bonusCents: 600 }];
    expect(broken(model, s)).toEqual([
      'money.conserved',
      'shop.money-conserved',
      'shop.topup-credit-matches-card',
    ]);
  });

  it("a portal purchase's bonus refunded as paid credit", () => {
    const { model, s } = balancedBooks();
    s.ledger = s.ledger.filter((l) => l.orderId !== 'e');
    s.ledger.push(
      {
        shopId: 'shop-1',
        kind: 'purchase',
        bucket: 'credit',
        amountCents: -700,
        orderId: 'e',
        key: 'purchase:e:credit',
      },
      {
        shopId: 'shop-1',
        kind: 'purchase',
        bucket: 'bonus',
        amountCents: -300,
        orderId: 'e',
        key: 'purchase:e:bonus',
      },
      {
        shopId: 'shop-1',
        kind: 'refund',
        bucket: 'credit',
        amountCents: 1000,
        orderId: 'e',
        key: 'refund-r4',
      },
    );
    s.shops = [{ id: 'shop-1', creditCents: 10_300, bonusCents: 0 }];
    expect(broken(model, s)).toEqual(['shop.refund-to-its-buckets']);
  });

  it('an order "refunded" whose only refund failed, and "partially refunded" with all of it back', () => {
    const { model, s } = balancedBooks();
    find(s.refunds, (r) => r.id === 'r1').status = 'failed';
    s.bankRefunds = s.bankRefunds.filter((r) => r.key !== 'refund-r1');
    find(s.orders, (o) => o.id === 'a').status = 'refunded';
    find(s.orders, (o) => o.id === 'e').status = 'partially_refunded';
    expect(broken(model, s, { refundNotices: false, when: 'checkpoint' })).toEqual([
      'order.status-agrees-with-refunds',
    ]);
  });

  it('a paid order neither carried out nor refunded, and a profile left at the provider', () => {
    const { model, s } = balancedBooks();
    s.packages = s.packages.filter((p) => p.orderId !== 'a');
    s.esimsOfOrders = s.esimsOfOrders.filter((e) => e.orderId !== 'a');
    expect(broken(model, s)).toEqual(['order.carried-out', 'order.no-profile-left-at-provider']);
    // Fulfilment may still be running at a checkpoint: not checked there.
    expect(broken(model, s, { refundNotices: false, when: 'checkpoint' })).toEqual([]);
  });

  it('a refund that never reached the card, and one left pending', () => {
    const { model, s } = balancedBooks();
    s.bankRefunds = s.bankRefunds.filter((r) => r.key !== 'refund-r1');
    // The cash did not leave while the books say it did: the sequence's sum is off too.
    expect(broken(model, s)).toEqual([
      'money.conserved',
      'order.card-refunds-match-bank',
      'refund.reached-its-destination',
    ]);
    find(s.refunds, (r) => r.id === 'r1').status = 'pending';
    find(s.orders, (o) => o.id === 'a').status = 'completed';
    expect(broken(model, s)).toContain('refund.not-left-pending');
  });

  it('the bank paid back a refund our books call failed', () => {
    const { model, s } = balancedBooks();
    find(s.refunds, (r) => r.id === 'r1').status = 'failed';
    find(s.orders, (o) => o.id === 'a').status = 'completed';
    expect(broken(model, s)).toEqual([
      'model.refunds-as-asked',
      'money.conserved',
      'order.card-refunds-match-bank',
      'refund.reached-its-destination',
    ]);
  });

  it('more back than was paid, and money stuck short of what staff asked', () => {
    const { model, s } = balancedBooks();
    s.refunds.push({
      id: 'r9',
      orderId: 'a',
      paymentId: 'pay-a',
      amountCents: 400,
      kind: 'order',
      status: 'pending',
    });
    expect(broken(model, s)).toContain('order.refunds-within-paid');
    const again = balancedBooks();
    asked(
      find([...again.model.orders.values()], (o) => o.handle === 'o1'),
      'r8',
      200,
    );
    expect(broken(again.model, again.s)).toEqual(['model.refunds-as-asked']);
  });

  it("each succeeded refund told to the buyer once, under the refund's outbox id (when switched on)", () => {
    const { model, s } = balancedBooks();
    const on = { refundNotices: true, when: 'end' as const };
    expect(broken(model, s, on)).toEqual(['refund.told-once']);
    s.notices = s.refunds.map((r) => ({ id: refundNoticeMailId(r.id), to: 'buyer@model.example' }));
    expect(broken(model, s, on)).toEqual([]);
    expect(refundNoticeMailId('r1')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
  });

  it('a refund onto a card cancelled meanwhile leaves money nobody can use', () => {
    const { model, s } = balancedBooks();
    // The eSIM the card paid is refunded back onto it after its purchase was refunded (the card cancelled).
    s.refunds.push({
      id: 'r5',
      orderId: 'c',
      paymentId: null,
      amountCents: 1300,
      kind: 'order',
      status: 'succeeded',
    });
    s.giftLines.push({
      giftCardId: 'g',
      orderId: 'c',
      kind: 'refund',
      refundId: 'r5',
      amountCents: 1300,
      status: 'refunded',
    });
    find(s.orders, (o) => o.id === 'c').status = 'refunded';
    find(s.giftCards, (g) => g.id === 'g').balanceCents = 1300;
    expect(broken(model, s)).toEqual(['giftcard.no-money-on-a-dead-card']);
  });

  it('a coupon of three uses used four times', () => {
    const { model, s } = balancedBooks();
    s.coupons = [{ code: 'THREE', max: 3, used: 4 }];
    expect(broken(model, s)).toEqual(['coupon.within-limit']);
  });
});
