import { packageCancellingRefundKinds } from '@esim/contracts/staff';
import type pg from 'pg';
import { mailId } from '../../modules/mail/mail-id';
import { type Model, type ModelOrder, money, type Violation } from './model';

/**
 * The money model's invariants (ADR 0095), checked after every sequence once everything has settled. Each reads
 * a snapshot of the database (what the product stored, and the payments sandbox standing for the bank) and holds
 * it against the model (what the test did and saw) and against itself. Each violation names its invariant, the
 * order (or card, or shop), what was expected and what was found.
 */

/** The outbox id of a refund's notice to the buyer: fixed by the refund, so it is stored once (ADR 0095). */
export const refundNoticeMailId = (refundId: string) => mailId(`refund-notice:${refundId}`);

export type Snapshot = {
  orders: {
    id: string;
    number: string;
    kind: string;
    status: string;
    /** ADR 0090's lifecycle column, when the schema has it. */
    fulfilmentStatus: string | null;
    /** ADR 0090's sum of succeeded refunds, when the schema has it. */
    refundedCentsColumn: number | null;
    totalCents: number;
    paymentMethod: string;
    bonusCents: number | null;
    shopId: string | null;
    buyerEmail: string;
    paid: boolean;
  }[];
  /** The bank: the sandbox's card pages of these orders and the refunds it paid out. */
  charges: {
    orderId: string;
    sessionId: string;
    paymentRef: string | null;
    amountCents: number;
    status: string;
  }[];
  bankRefunds: { key: string; paymentRef: string; amountCents: number }[];
  refunds: {
    id: string;
    orderId: string;
    paymentId: string | null;
    amountCents: number;
    kind: string;
    status: string;
  }[];
  giftCards: {
    id: string;
    orderId: string;
    amountCents: number;
    balanceCents: number;
    status: string;
    delivered: boolean;
  }[];
  giftLines: {
    giftCardId: string;
    orderId: string;
    kind: string;
    refundId: string | null;
    amountCents: number;
    status: string;
  }[];
  shops: { id: string; creditCents: number; bonusCents: number }[];
  ledger: {
    shopId: string;
    kind: string;
    bucket: string;
    amountCents: number;
    orderId: string | null;
    key: string;
  }[];
  packages: { orderId: string; status: string; esimStatus: string }[];
  esimsOfOrders: { orderId: string }[];
  providerCalls: { orderId: string; request: string; ok: boolean }[];
  /** Outbox rows whose id is a refund notice's id: id and recipient. */
  notices: { id: string; to: string }[];
  coupons: { code: string; max: number | null; used: number }[];
};

/** Reads everything the checks need about the model's orders, cards and shops. */
export const readSnapshot = async (db: pg.Pool, model: Model): Promise<Snapshot> => {
  const orderIds = [...model.orders.values()].map((o) => o.id).filter(Boolean);
  const shopIds = [...model.shops.values()].map((s) => s.id);
  const q = async <T extends pg.QueryResultRow>(text: string, values: unknown[]) =>
    (await db.query<T>(text, values)).rows;
  const orders = await q<Snapshot['orders'][number]>(
    `select o.id, o.number, o.kind, o.status, o.total_cents as "totalCents", o.payment_method as "paymentMethod",
        o.bonus_cents as "bonusCents", o.shop_id as "shopId", o.buyer_email as "buyerEmail",
        o.paid_at is not null as paid,
        to_jsonb(o)->>'fulfilment_status' as "fulfilmentStatus",
        (to_jsonb(o)->>'refunded_cents')::int as "refundedCentsColumn"
       from orders o where o.id = any($1::uuid[])`,
    [orderIds],
  );
  const charges = await q<Snapshot['charges'][number]>(
    `select order_id as "orderId", id as "sessionId", payment_ref as "paymentRef", amount_cents as "amountCents", status
       from sandbox_payment_sessions where order_id = any($1::text[])`,
    [orderIds],
  );
  const refs = charges.map((c) => c.paymentRef).filter((r): r is string => r !== null);
  const bankRefunds = await q<Snapshot['bankRefunds'][number]>(
    `select idempotency_key as key, payment_ref as "paymentRef", amount_cents as "amountCents"
       from sandbox_refunds where payment_ref = any($1::text[])`,
    [refs],
  );
  const refunds = await q<Snapshot['refunds'][number]>(
    `select id, order_id as "orderId", payment_id as "paymentId", amount_cents as "amountCents", kind, status
       from refunds where order_id = any($1::uuid[])`,
    [orderIds],
  );
  const giftCards = await q<Snapshot['giftCards'][number]>(
    `select id, order_id as "orderId", amount_cents as "amountCents", balance_cents as "balanceCents", status,
        delivered_at is not null as delivered
       from gift_cards where order_id = any($1::uuid[])`,
    [orderIds],
  );
  const giftLines = await q<Snapshot['giftLines'][number]>(
    `select gift_card_id as "giftCardId", order_id as "orderId", kind, refund_id as "refundId",
        amount_cents as "amountCents", status
       from gift_card_redemptions where gift_card_id = any($1::uuid[]) or order_id = any($2::uuid[])`,
    [giftCards.map((g) => g.id), orderIds],
  );
  const shops = await q<Snapshot['shops'][number]>(
    `select id, credit_cents as "creditCents", bonus_cents as "bonusCents" from shops where id = any($1::uuid[])`,
    [shopIds],
  );
  const ledger = await q<Snapshot['ledger'][number]>(
    `select shop_id as "shopId", kind, bucket, amount_cents as "amountCents", order_id as "orderId",
        idempotency_key as key
       from credit_ledger where shop_id = any($1::uuid[])`,
    [shopIds],
  );
  const packages = await q<Snapshot['packages'][number]>(
    `select p.order_id as "orderId", p.status, e.status as "esimStatus"
       from esim_packages p join esims e on e.id = p.esim_id where p.order_id = any($1::uuid[])`,
    [orderIds],
  );
  const esimsOfOrders = await q<Snapshot['esimsOfOrders'][number]>(
    `select order_id as "orderId" from esims where order_id = any($1::uuid[])`,
    [orderIds],
  );
  const providerCalls = await q<Snapshot['providerCalls'][number]>(
    `select order_id as "orderId", detail->>'request' as request, (detail->>'ok')::boolean as ok
       from order_events where order_id = any($1::uuid[]) and kind = 'provider_call'`,
    [orderIds],
  );
  const notices = await q<Snapshot['notices'][number]>(
    `select id, "to" from outbox where id = any($1::uuid[])`,
    [refunds.map((r) => refundNoticeMailId(r.id))],
  );
  const coupons = await q<Snapshot['coupons'][number]>(
    `select c.code, c.max_redemptions as max,
        (select count(*)::int from coupon_redemptions r where r.coupon_id = c.id and r.status in ('held', 'captured')) as used
       from coupons c where c.code = any($1::text[])`,
    [[model.coupons.open, model.coupons.limited]],
  );
  return {
    orders,
    charges,
    bankRefunds,
    refunds,
    giftCards,
    giftLines,
    shops,
    ledger,
    packages,
    esimsOfOrders,
    providerCalls,
    notices,
    coupons,
  };
};

export type CheckOptions = {
  refundNotices: boolean;
  /**
   * `end`: everything has settled and failed refunds were retried. `checkpoint`: right after the phase in which
   * the provider refused refunds, fulfilment may still run: only what must hold at every moment is checked.
   */
  when: 'end' | 'checkpoint';
};

const sum = <T>(items: T[], of: (item: T) => number) => items.reduce((total, item) => total + of(item), 0);
const cancelling = new Set<string>(packageCancellingRefundKinds);
/** Orders whose money is revenue once paid (a gift card's or a top-up's money is still owed to someone). */
const revenueKinds = new Set(['esim', 'topup', 'change_esim', 'gift_esim']);

/**
 * Every invariant over one sequence's snapshot. Pure (the unit test feeds it broken snapshots); `model` gives
 * what the test did, the snapshot what the product stored.
 */
export const checkInvariants = (
  model: Model,
  s: Snapshot,
  options: CheckOptions,
): Omit<Violation, 'seed' | 'sequence'>[] => {
  const found: Omit<Violation, 'seed' | 'sequence'>[] = [];
  const end = options.when === 'end';
  const fail = (invariant: string, subject: string, expected: string, actual: string) =>
    found.push({
      invariant,
      subject: end ? subject : `${subject} [while the provider refused refunds]`,
      expected,
      actual,
    });

  const byOrder = new Map(s.orders.map((o) => [o.id, o]));
  const modelOf = new Map([...model.orders.values()].map((o) => [o.id, o]));
  const label = (orderId: string) => {
    const m = modelOf.get(orderId);
    return `order ${byOrder.get(orderId)?.number ?? orderId}${m ? ` (${m.handle}, ${m.kind})` : ''}`;
  };
  const refundsOf = (orderId: string) => s.refunds.filter((r) => r.orderId === orderId);
  const succeededOf = (orderId: string) =>
    sum(
      refundsOf(orderId).filter((r) => r.status === 'succeeded'),
      (r) => r.amountCents,
    );
  const chargesOf = (orderId: string) =>
    s.charges.filter((c) => c.orderId === orderId && c.status === 'succeeded');
  const bankRefundedOf = (orderId: string) => {
    const refs = new Set(chargesOf(orderId).map((c) => c.paymentRef));
    return sum(
      s.bankRefunds.filter((b) => refs.has(b.paymentRef)),
      (b) => b.amountCents,
    );
  };
  const cardOf = (orderId: string) => sum(chargesOf(orderId), (c) => c.amountCents);
  const giftPaidOf = (orderId: string) =>
    sum(
      s.giftLines.filter((l) => l.orderId === orderId && l.kind === 'redemption' && l.status === 'captured'),
      (l) => l.amountCents,
    );
  const purchaseOrderIds = new Set(s.giftCards.map((g) => g.orderId));
  const giftReturnedOf = (orderId: string) =>
    purchaseOrderIds.has(orderId)
      ? 0
      : sum(
          s.giftLines.filter((l) => l.orderId === orderId && l.kind === 'refund'),
          (l) => l.amountCents,
        );
  const ledgerOf = (orderId: string) => s.ledger.filter((l) => l.orderId === orderId);
  const creditPaidOf = (orderId: string) =>
    -sum(
      ledgerOf(orderId).filter((l) => l.kind === 'purchase'),
      (l) => l.amountCents,
    );
  const creditReturnedOf = (orderId: string) =>
    byOrder.get(orderId)?.kind === 'credits'
      ? 0
      : sum(
          ledgerOf(orderId).filter((l) => l.kind === 'refund'),
          (l) => l.amountCents,
        );
  const paidOf = (orderId: string) => cardOf(orderId) + giftPaidOf(orderId) + creditPaidOf(orderId);
  const bankNetOf = (orderId: string) => cardOf(orderId) - bankRefundedOf(orderId);

  // ── Per order ──────────────────────────────────────────────────────────────────────────────────────────────
  for (const o of s.orders) {
    const m = modelOf.get(o.id);
    const name = label(o.id);
    // (The card page's amount against the amount shown is checked when the order is made: actions.ts.)
    const charges = chargesOf(o.id);
    const paid = paidOf(o.id);
    const succeeded = succeededOf(o.id);
    const inFlight = sum(
      refundsOf(o.id).filter((r) => r.status === 'pending'),
      (r) => r.amountCents,
    );

    // What the order was paid: once, in full, and by card exactly what the buyer was shown.
    if (o.paid) {
      if (charges.length > 1)
        fail(
          'order.paid-once',
          name,
          'one card charge',
          `${charges.length} charges: ${charges.map((c) => money(c.amountCents)).join(', ')}`,
        );
      if (paid !== o.totalCents)
        fail(
          'order.paid-in-full',
          name,
          `card + gift card + shop credit = the order's total ${money(o.totalCents)}`,
          `card ${money(cardOf(o.id))} + gift card ${money(giftPaidOf(o.id))} + credit ${money(creditPaidOf(o.id))} = ${money(paid)}`,
        );
    }

    // Never more back than was paid, in total and per destination.
    if (succeeded + inFlight > o.totalCents || (o.paid && succeeded + inFlight > paid))
      fail(
        'order.refunds-within-paid',
        name,
        `refunds (succeeded ${money(succeeded)} + pending ${money(inFlight)}) at most what was paid (${money(paid)}, total ${money(o.totalCents)})`,
        `${money(succeeded + inFlight)} refunded`,
      );
    // The bank and our books agree: what went back to the card is what our succeeded card refunds say.
    const cardRefunds = sum(
      refundsOf(o.id).filter((r) => r.status === 'succeeded' && r.paymentId !== null),
      (r) => r.amountCents,
    );
    if (bankRefundedOf(o.id) !== cardRefunds)
      fail(
        'order.card-refunds-match-bank',
        name,
        `the bank paid back ${money(cardRefunds)}, our succeeded card refunds`,
        `the bank paid back ${money(bankRefundedOf(o.id))}`,
      );
    if (bankRefundedOf(o.id) > cardOf(o.id))
      fail(
        'order.refunds-within-paid',
        name,
        `card refunds at most the card charge ${money(cardOf(o.id))}`,
        `${money(bankRefundedOf(o.id))} back to the card`,
      );
    if (giftReturnedOf(o.id) > giftPaidOf(o.id))
      fail(
        'order.refunds-within-paid',
        name,
        `back onto the gift card at most what it paid, ${money(giftPaidOf(o.id))}`,
        `${money(giftReturnedOf(o.id))}`,
      );
    if (creditReturnedOf(o.id) > creditPaidOf(o.id))
      fail(
        'order.refunds-within-paid',
        name,
        `back to the shop's credit at most what it paid, ${money(creditPaidOf(o.id))}`,
        `${money(creditReturnedOf(o.id))}`,
      );

    // One state machine derived from the refunds (ADR 0090): succeeded refunds alone decide it.
    // A second charge's refund (`duplicate_payment`) is money the order never asked for: it is not the order's.
    const ownRefunds = sum(
      refundsOf(o.id).filter((r) => r.status === 'succeeded' && r.kind !== 'duplicate_payment'),
      (r) => r.amountCents,
    );
    const expectedStatus =
      ownRefunds > 0 && ownRefunds >= o.totalCents
        ? 'refunded'
        : ownRefunds > 0
          ? 'partially_refunded'
          : null;
    if (expectedStatus && o.status !== expectedStatus)
      fail(
        'order.status-agrees-with-refunds',
        name,
        `status ${expectedStatus} (${money(ownRefunds)} of ${money(o.totalCents)} refunded)`,
        `status ${o.status}`,
      );
    if (!expectedStatus && (o.status === 'refunded' || o.status === 'partially_refunded'))
      fail(
        'order.status-agrees-with-refunds',
        name,
        `no refunded status while no refund succeeded (refunds: ${
          refundsOf(o.id)
            .map((r) => `${money(r.amountCents)} ${r.status}`)
            .join(', ') || 'none'
        })`,
        `status ${o.status}`,
      );
    if (o.refundedCentsColumn !== null && o.refundedCentsColumn !== ownRefunds)
      fail(
        'order.status-agrees-with-refunds',
        name,
        `refunded_cents ${money(ownRefunds)} (its succeeded refunds)`,
        `refunded_cents ${money(o.refundedCentsColumn)}`,
      );

    // Every paid order ends carried out, visibly failed, or refunded.
    const kept =
      o.paymentMethod === 'credits' && o.kind !== 'credits'
        ? creditPaidOf(o.id) - creditReturnedOf(o.id)
        : paid - succeeded;
    const visiblyFailed = ['failed', 'for_review'].includes(o.fulfilmentStatus ?? o.status);
    // Staff cancelled the delivered package on purpose (a package-cancelling refund found it and deleted it).
    const cancelledOnPurpose =
      refundsOf(o.id).some((r) => r.status === 'succeeded' && cancelling.has(r.kind)) &&
      s.packages.some((p) => p.orderId === o.id && p.status === 'deleted');
    if (end && o.paid && kept > 0 && !visiblyFailed) {
      const live = s.packages.some((p) => p.orderId === o.id && p.status !== 'deleted');
      const card = s.giftCards.find((g) => g.orderId === o.id);
      const carriedOut =
        o.kind === 'gift_card'
          ? card !== undefined && card.status !== 'pending'
          : o.kind === 'credits'
            ? ledgerOf(o.id).some((l) => l.kind === 'topup')
            : live || cancelledOnPurpose;
      if (!carriedOut)
        fail(
          'order.carried-out',
          name,
          `a paid order keeping ${money(kept)} is carried out (eSIM package, active card, credit) or visibly failed`,
          `status ${o.status}${o.fulfilmentStatus ? `, fulfilment ${o.fulfilmentStatus}` : ''}; ${describeDelivery(s, o.id, card)}`,
        );
    }
    // A profile ordered at the eSIM provider is delivered, or cancelled: never left paid for and unused.
    const ordered = s.providerCalls.some((c) => c.orderId === o.id && c.request === 'order_profile' && c.ok);
    const delivered = s.esimsOfOrders.some((e) => e.orderId === o.id);
    const cancelCalled = s.providerCalls.some((c) => c.orderId === o.id && c.request === 'cancel' && c.ok);
    if (end && ordered && !delivered && !cancelCalled && !visiblyFailed)
      fail(
        'order.no-profile-left-at-provider',
        name,
        'a profile ordered at the eSIM provider is delivered on the order or cancelled there',
        `ordered, never delivered, never cancelled (status ${o.status}, ${money(succeeded)} refunded)`,
      );
    if (
      end &&
      refundsOf(o.id).some((r) => r.status === 'succeeded' && cancelling.has(r.kind)) &&
      s.packages.some((p) => p.orderId === o.id && p.status !== 'deleted')
    )
      fail(
        'refund.package-cancelled',
        name,
        'a package-cancelling refund leaves no live package',
        'its package is still live',
      );

    // What the test asked for is what was refunded, once everything was retried with the provider working.
    if (end && m) checkAsked(m, o, succeeded, spentOfPurchasedCard(s, o.id), fail, name);
  }

  // ── Per refund: its money is where it says it went ───────────────────────────────────────────────────────
  for (const r of s.refunds) {
    const name = `${label(r.orderId)} refund ${r.id.slice(0, 8)} (${money(r.amountCents)} ${r.kind})`;
    // Sent under `refund-<id>`, or `refund-<id>-<n>` for a retry after the provider refused (ADR 0090).
    const bank = s.bankRefunds.filter(
      (b) => b.key === `refund-${r.id}` || b.key.startsWith(`refund-${r.id}-`),
    );
    const line = s.giftLines.filter(
      (l) => l.refundId === r.id && l.orderId === r.orderId && !purchaseOrderIds.has(r.orderId),
    );
    const order = byOrder.get(r.orderId);
    const toCredit = order?.kind === 'credits' ? [] : s.ledger.filter((l) => l.key.includes(r.id));
    if (end && r.status === 'pending')
      fail('refund.not-left-pending', name, 'succeeded or failed once everything settled', 'still pending');
    if (r.status === 'succeeded') {
      const where = r.paymentId
        ? sum(bank, (b) => b.amountCents)
        : line.length > 0
          ? sum(line, (l) => l.amountCents)
          : sum(toCredit, (l) => l.amountCents);
      if (where !== r.amountCents)
        fail(
          'refund.reached-its-destination',
          name,
          `${money(r.amountCents)} at its destination (${r.paymentId ? 'the card, at the bank' : line.length ? 'the gift card' : "the shop's credit"})`,
          `${money(where)} there`,
        );
    }
    if (r.status === 'failed' && bank.length > 0)
      fail(
        'refund.reached-its-destination',
        name,
        'a failed refund paid nothing out',
        `the bank paid ${money(sum(bank, (b) => b.amountCents))}`,
      );
    // Told to the buyer once: one notice under the refund's fixed outbox id (switchable until it lands).
    if (end && options.refundNotices && r.status === 'succeeded') {
      const notice = s.notices.find((n) => n.id === refundNoticeMailId(r.id));
      if (!notice || notice.to !== order?.buyerEmail)
        fail(
          'refund.told-once',
          name,
          `one notice to ${order?.buyerEmail} under outbox id ${refundNoticeMailId(r.id)}`,
          notice ? `sent to ${notice.to}` : 'no notice',
        );
    }
  }

  // ── Gift cards ──────────────────────────────────────────────────────────────────────────────────────────
  for (const g of s.giftCards) {
    const purchase = byOrder.get(g.orderId);
    const name = `gift card ${g.id.slice(0, 8)} of ${label(g.orderId)}`;
    if (g.balanceCents < 0)
      fail('balance.not-negative', name, 'balance at or above zero', money(g.balanceCents));
    // Not issued yet (its purchase is paid, the fulfilment job has not given it its code and balance).
    if (!purchase?.paid || g.status === 'pending') continue;
    const lines = s.giftLines.filter((l) => l.giftCardId === g.id);
    const spent = sum(
      lines.filter((l) => l.kind === 'redemption' && (l.status === 'held' || l.status === 'captured')),
      (l) => l.amountCents,
    );
    const returned = sum(
      lines.filter((l) => l.kind === 'refund' && l.orderId !== g.orderId),
      (l) => l.amountCents,
    );
    const toBuyer = sum(
      refundsOf(g.orderId).filter((r) => r.status === 'succeeded' || r.status === 'pending'),
      (r) => r.amountCents,
    );
    if (g.amountCents !== spent - returned + g.balanceCents + toBuyer)
      fail(
        'giftcard.money-conserved',
        name,
        `issued ${money(g.amountCents)} = spent ${money(spent - returned)} + balance + refunded to the giver`,
        `spent ${money(spent - returned)} + balance ${money(g.balanceCents)} + refunded ${money(toBuyer)} = ${money(spent - returned + g.balanceCents + toBuyer)}`,
      );
    // Money on a card nobody can use any more is owed to someone: a card out of use holds nothing.
    if (g.status !== 'active' && g.balanceCents !== 0)
      fail(
        'giftcard.no-money-on-a-dead-card',
        name,
        `a ${g.status} card holds nothing (what comes back to it goes to someone who can use it)`,
        `balance ${money(g.balanceCents)}`,
      );
    const refundedToGiver = succeededOf(g.orderId);
    const leftBeforeRefund = g.amountCents - (spent - returned);
    const spendable = g.status === 'active' && (g.balanceCents > 0 || !g.delivered);
    if (refundedToGiver > 0 && refundedToGiver >= leftBeforeRefund && spendable)
      fail(
        'giftcard.not-refunded-and-spendable',
        name,
        'refunded to the giver in full: cancelled, never delivered or redeemable',
        `status ${g.status}, balance ${money(g.balanceCents)}, ${g.delivered ? 'delivered' : 'still to be sent'}, ${money(refundedToGiver)} refunded`,
      );
  }

  // ── Shops ───────────────────────────────────────────────────────────────────────────────────────────────
  for (const shop of s.shops) {
    const name = `shop ${[...model.shops.values()].find((x) => x.id === shop.id)?.handle ?? shop.id}`;
    const rows = s.ledger.filter((l) => l.shopId === shop.id);
    if (shop.creditCents < 0 || shop.bonusCents < 0)
      fail(
        'balance.not-negative',
        name,
        'credit and bonus at or above zero',
        `credit ${money(shop.creditCents)}, bonus ${money(shop.bonusCents)}`,
      );
    const ledgerCredit = sum(
      rows.filter((l) => l.bucket === 'credit'),
      (l) => l.amountCents,
    );
    const ledgerBonus = sum(
      rows.filter((l) => l.bucket === 'bonus'),
      (l) => l.amountCents,
    );
    if (ledgerCredit !== shop.creditCents || ledgerBonus !== shop.bonusCents)
      fail(
        'shop.balance-matches-ledger',
        name,
        `credit ${money(ledgerCredit)}, bonus ${money(ledgerBonus)} (its ledger)`,
        `credit ${money(shop.creditCents)}, bonus ${money(shop.bonusCents)}`,
      );
    const topUps = s.orders.filter((o) => o.shopId === shop.id && o.kind === 'credits' && o.paid);
    const purchases = s.orders.filter((o) => o.shopId === shop.id && o.kind !== 'credits');
    let topUpsNet = 0;
    let bonusKept = 0;
    let slack = 0;
    for (const t of topUps) {
      const net = bankNetOf(t.id);
      const rowsOfTopUp = ledgerOf(t.id);
      const credit = sum(
        rowsOfTopUp.filter((l) => l.bucket === 'credit'),
        (l) => l.amountCents,
      );
      const bonus = sum(
        rowsOfTopUp.filter((l) => l.bucket === 'bonus'),
        (l) => l.amountCents,
      );
      // What the card kept of it, and the bonus in proportion (ADR 0090: bonus the shop no longer holds is taken
      // from paid credit instead, so the two are held together). A cent per refund for rounding.
      const expectedBonus = topUpBonusKept(t, net);
      const tolerance = refundsOf(t.id).length;
      topUpsNet += net;
      bonusKept += expectedBonus;
      slack += tolerance;
      if (Math.abs(credit + bonus - (net + expectedBonus)) > tolerance || bonus > expectedBonus + tolerance)
        fail(
          'shop.topup-credit-matches-card',
          `${label(t.id)} of ${name}`,
          `credit ${money(net)} (card ${money(cardOf(t.id))} less ${money(bankRefundedOf(t.id))} refunded) + bonus ${money(expectedBonus)} (${money(t.bonusCents ?? 0)} in proportion) = ${money(net + expectedBonus)}`,
          `credit ${money(credit)} + bonus ${money(bonus)} = ${money(credit + bonus)} in the ledger`,
        );
    }
    const spentNet = -sum(
      rows.filter((l) => l.orderId !== null && purchases.some((p) => p.id === l.orderId)),
      (l) => l.amountCents,
    );
    const adjusted = sum(
      rows.filter((l) => l.kind === 'adjustment'),
      (l) => l.amountCents,
    );
    const held = shop.creditCents + shop.bonusCents;
    if (Math.abs(topUpsNet + bonusKept + adjusted - (spentNet + held)) > slack)
      fail(
        'shop.money-conserved',
        name,
        `top-ups ${money(topUpsNet)} + bonus ${money(bonusKept)}${adjusted ? ` + staff adjustments ${money(adjusted)}` : ''} = purchases less refunds + balance`,
        `purchases less refunds ${money(spentNet)} + balance ${money(held)} = ${money(spentNet + held)}`,
      );
    for (const p of purchases) {
      const debit = (bucket: string) =>
        -sum(
          ledgerOf(p.id).filter((l) => l.kind === 'purchase' && l.bucket === bucket),
          (l) => l.amountCents,
        );
      const back = (bucket: string) =>
        sum(
          ledgerOf(p.id).filter((l) => l.kind === 'refund' && l.bucket === bucket),
          (l) => l.amountCents,
        );
      const all = back('credit') + back('bonus') === debit('credit') + debit('bonus');
      const wrong = ['credit', 'bonus'].some(
        (bucket) => back(bucket) > debit(bucket) || (all && back(bucket) !== debit(bucket)),
      );
      if (wrong)
        fail(
          'shop.refund-to-its-buckets',
          `${label(p.id)} of ${name}`,
          `paid credit ${money(debit('credit'))} and bonus ${money(debit('bonus'))} come back to their own buckets`,
          `credit ${money(back('credit'))}, bonus ${money(back('bonus'))} back`,
        );
    }
  }

  // ── The whole sequence: money in = money out + money held ───────────────────────────────────────────────
  {
    const cashIn = sum(s.orders, (o) => bankNetOf(o.id));
    const topUps = s.orders.filter((o) => o.kind === 'credits' && o.paid);
    const bonus = sum(topUps, (t) => topUpBonusKept(t, bankNetOf(t.id)));
    const slack = sum(topUps, (t) => refundsOf(t.id).length);
    const revenue = sum(
      s.orders.filter((o) => revenueKinds.has(o.kind) && o.paid),
      (o) =>
        o.paymentMethod === 'credits'
          ? creditPaidOf(o.id) - creditReturnedOf(o.id)
          : cardOf(o.id) + giftPaidOf(o.id) - succeededOf(o.id),
    );
    // A paid card not issued yet holds its purchase's money (less what went back to the giver) all the same.
    const giftHeld =
      sum(s.giftCards, (g) =>
        g.status === 'pending' && byOrder.get(g.orderId)?.paid
          ? g.amountCents - succeededOf(g.orderId)
          : g.balanceCents,
      ) +
      sum(
        // Held: a checkout's hold, or what a refund of the card's purchase holds while it is on its way.
        s.giftLines.filter(
          (l) => (l.kind === 'redemption' || l.kind === 'revocation') && l.status === 'held',
        ),
        (l) => l.amountCents,
      );
    const shopsHeld = sum(s.shops, (x) => x.creditCents + x.bonusCents);
    const adjusted = sum(
      s.ledger.filter((l) => l.kind === 'adjustment'),
      (l) => l.amountCents,
    );
    if (Math.abs(cashIn + bonus + adjusted - (revenue + giftHeld + shopsHeld)) > slack)
      fail(
        'money.conserved',
        `sequence ${model.sequence}`,
        `card charges less card refunds ${money(cashIn)} + bonus granted ${money(bonus)}${adjusted ? ` + staff adjustments ${money(adjusted)}` : ''} = kept by orders + gift card balances + shop balances`,
        `kept ${money(revenue)} + gift cards ${money(giftHeld)} + shops ${money(shopsHeld)} = ${money(revenue + giftHeld + shopsHeld)} (off by ${money(cashIn + bonus + adjusted - revenue - giftHeld - shopsHeld)})`,
      );
  }

  // ── Coupons: a limited coupon is used at most its limit ───────────────────────────────────────────────────
  for (const c of s.coupons)
    if (c.max !== null && c.used > c.max)
      fail('coupon.within-limit', `coupon ${c.code}`, `at most ${c.max} uses`, `${c.used} held or captured`);

  return found;
};

/**
 * What was spent of the card an order bought (zeros for other orders): in all, and less what refunds of the orders
 * it paid put back on it. A purchase refunded "in full" gives back what was unspent at that moment: at least the
 * amount less all that was ever spent, at most the amount less what stays spent.
 */
const spentOfPurchasedCard = (s: Snapshot, purchaseOrderId: string) => {
  const card = s.giftCards.find((g) => g.orderId === purchaseOrderId);
  if (!card) return { gross: 0, net: 0 };
  const lines = s.giftLines.filter((l) => l.giftCardId === card.id);
  const gross = sum(
    lines.filter((l) => l.kind === 'redemption' && (l.status === 'held' || l.status === 'captured')),
    (l) => l.amountCents,
  );
  const returned = sum(
    lines.filter((l) => l.kind === 'refund' && l.orderId !== purchaseOrderId),
    (l) => l.amountCents,
  );
  return { gross, net: gross - returned };
};

/** The bonus a top-up still gives its shop: its bonus in proportion to what its card charge kept. */
const topUpBonusKept = (t: Snapshot['orders'][number], net: number) =>
  t.totalCents > 0 ? Math.round(((t.bonusCents ?? 0) * net) / t.totalCents) : 0;

const checkAsked = (
  m: ModelOrder,
  o: Snapshot['orders'][number],
  succeeded: number,
  spent: { gross: number; net: number },
  fail: (invariant: string, subject: string, expected: string, actual: string) => void,
  name: string,
) => {
  const accepted = [...m.refunds.values()];
  if (accepted.length === 0) return;
  // A top-up refunded "in full" gives back what the shop still holds of it: not known to the model.
  if (m.fullAsked && m.kind === 'credits') return;
  const explicit = sum(accepted, (r) => (typeof r.asked === 'number' ? r.asked : 0));
  const [low, high] = !m.fullAsked
    ? [explicit, explicit]
    : m.kind === 'gift_card'
      ? [o.totalCents - spent.gross, o.totalCents - spent.net]
      : [o.totalCents, o.totalCents];
  if (succeeded < low || succeeded > high)
    fail(
      'model.refunds-as-asked',
      name,
      m.fullAsked
        ? `${low === high ? money(low) : `${money(low)} to ${money(high)}`} refunded: everything${m.kind === 'gift_card' ? ' not spent' : ''}, as asked`
        : `${money(explicit)} refunded: the amounts asked (${accepted
            .map((r) => (typeof r.asked === 'number' && r.asked > 0 ? money(r.asked) : null))
            .filter(Boolean)
            .join(' + ')})`,
      `${money(succeeded)} refunded`,
    );
};

const describeDelivery = (s: Snapshot, orderId: string, card: Snapshot['giftCards'][number] | undefined) => {
  if (card) return `gift card ${card.status}, balance ${money(card.balanceCents)}`;
  const packages = s.packages.filter((p) => p.orderId === orderId);
  const calls = s.providerCalls
    .filter((c) => c.orderId === orderId)
    .map((c) => `${c.request}${c.ok ? '' : ' (failed)'}`);
  return `${packages.length ? `packages ${packages.map((p) => `${p.status} on a ${p.esimStatus} eSIM`).join(', ')}` : 'no eSIM package'}${calls.length ? `; provider calls: ${calls.join(', ')}` : ''}`;
};
