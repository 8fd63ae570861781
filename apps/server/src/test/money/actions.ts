import { giftCardCodePattern } from '@esim/contracts';
import type pg from 'pg';
import { type Answer, type Client, cardSessionOf, newContact, payCardPage, solveHumanProof } from './client';
import { type Model, type ModelGiftCard, type ModelOrder, money, refundsOfAnswer, violate } from './model';
import type { Op, RefundAsk } from './operations';
import type { Prng } from './prng';

/**
 * What each operation does through the API, and what it learns into the model. Checks that only the moment can
 * make (the amount charged against the amount shown, a refunded card that still pays, a retry with the provider
 * working, a client refund that leaves an order) are made here; the rest waits for the sequence's end
 * (invariants.ts).
 */

export type Catalogue = {
  /** Local packages the site sells (slug and price), in a fixed order. */
  site: { slug: string; priceCents: number }[];
  /** Packages shops buy at their reseller price. */
  shop: { slug: string; priceCents: number }[];
};

export type Ctx = { client: Client; db: pg.Pool; model: Model; catalogue: Catalogue };

const str = (body: Record<string, unknown>, key: string) => String(body[key] ?? '');
const num = (body: Record<string, unknown>, key: string) => Number(body[key] ?? Number.NaN);
/** An answer in a few words: its status, and for a refusal its error code. */
const codeOf = (answer: Answer) =>
  answer.status >= 200 && answer.status < 300
    ? String(answer.status)
    : `${answer.status} ${str(answer.body, 'code') || answer.text.slice(0, 80)}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `read` until it answers something other than undefined, or the time is up (then undefined). */
const poll = async <T>(ms: number, read: () => Promise<T | undefined>) => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) return undefined;
    await sleep(250);
  }
};

/** What the payment provider (the sandbox, our stand-in for the bank) holds for a card page. */
const bankSession = async (db: pg.Pool, sessionId: string) =>
  (
    await db.query<{ amount_cents: number; status: string }>(
      'select amount_cents, status from sandbox_payment_sessions where id = $1',
      [sessionId],
    )
  ).rows[0];

const staffToken = (ctx: Ctx, prng: Prng) => prng.pick(ctx.model.staff);

/** Resolves the entity another operation makes (null when it was refused or skipped). */
const awaitMade = async <T>(ctx: Ctx, handle: string) =>
  ((await ctx.model.made.get(handle)) ?? null) as T | null;

/** The card page and the return page, as the browser goes through them; false when the card was not charged. */
const payAndReturn = async (
  ctx: Ctx,
  prng: Prng,
  input: { orderId: string; checkoutUrl: string; confirmPath: string; token?: string },
) => {
  const sessionId = cardSessionOf(input.checkoutUrl);
  if (sessionId) {
    const paid = await payCardPage(ctx.client, prng, sessionId);
    if (paid.status !== 303) return { paid: false, sessionId, note: `card page ${codeOf(paid)}` };
  }
  const returned = new URL(input.checkoutUrl).searchParams.get('session_id') ?? sessionId ?? '';
  const confirmed = await ctx.client.call(prng, 'POST', input.confirmPath, {
    token: input.token,
    json: { sessionId: returned },
  });
  return { paid: true, sessionId, note: `confirm ${confirmed.status}` };
};

const newOrder = (
  input: Pick<ModelOrder, 'handle' | 'kind' | 'lane' | 'customer' | 'shop' | 'id' | 'number' | 'buyerEmail'> &
    Partial<ModelOrder>,
): ModelOrder => ({
  totalCents: 0,
  shownCents: 0,
  expectedGiftCents: 0,
  expectedCardCents: 0,
  giftCents: 0,
  giftCard: null,
  creditCents: 0,
  bonusCents: 0,
  sessionId: null,
  paid: false,
  coupon: null,
  refunds: new Map(),
  fullAsked: false,
  racedFulfilment: false,
  ...input,
});

type EsimPurchase = {
  handle: string;
  pkg: number;
  coupon: 'open' | 'limited' | null;
  giftCard: string | null;
  guest: boolean;
  /** Another checkout of the same gift card runs at once: the amounts are checked together afterwards. */
  racing: boolean;
};

/** A site order for an eSIM: previews as the order page shows them, the order, the card page, the return. */
const buyEsim = async (ctx: Ctx, op: Op & { buyer: string }, prng: Prng, p: EsimPurchase) => {
  const { model, client } = ctx;
  const pkg = ctx.catalogue.site[p.pkg % ctx.catalogue.site.length];
  const customer = model.customers.get(op.buyer);
  if (!pkg || !customer) throw new Error('no package or buyer');
  const couponCode = p.coupon ? model.coupons[p.coupon] : null;
  let card: ModelGiftCard | undefined;
  let code: string | null = null;
  let eventsBefore = 0;
  let refundedBefore = false;
  if (p.giftCard) {
    card = model.giftCards.get(p.giftCard);
    code = card ? await card.delivered : null;
    if (!card || !code) return { order: null, note: `skipped: gift card ${p.giftCard} not delivered` };
    // What the buyer knows of the card before looking: a refund of its purchase may run meanwhile (another lane).
    eventsBefore = card.purchaseRefundEvents;
    refundedBefore = card.purchaseRefundedInFull && !card.refilledAfterRefund;
  }
  // The order page's price for the codes applied (ADR 0093): what the buyer sees and confirms.
  const quote = await client.call(prng, 'POST', '/api/orders/quote', {
    json: {
      packageSlug: pkg.slug,
      ...(couponCode ? { couponCode } : {}),
      ...(code ? { giftCardCode: code } : {}),
    },
  });
  const quoted = quote.status === 200;
  const shown = quoted ? num(quote.body, 'totalCents') : pkg.priceCents;
  const shownCard = quoted ? num(quote.body, 'cardCents') : shown;
  const contact = p.guest ? newContact(model.runTag) : { email: customer.email, phone: customer.phone };
  const body: Record<string, unknown> = {
    packageSlug: pkg.slug,
    fullName: p.guest ? 'Guest Buyer' : 'Model Buyer',
    email: contact.email,
    phoneNumber: contact.phone,
    ...(couponCode ? { couponCode } : {}),
    ...(code ? { giftCardCode: code } : {}),
    // A code the quote refused is sent all the same (as an API caller would): the order must refuse it too.
    ...(quoted ? { expectedTotalCents: shown, expectedCardCents: shownCard } : {}),
  };
  if (p.guest) body.humanProof = await solveHumanProof(client, prng);
  const created = await client.call(prng, 'POST', '/api/orders', {
    token: p.guest ? undefined : customer.token,
    json: body,
  });
  if (created.status !== 201) return { order: null, note: `order refused ${codeOf(created)}` };
  const orderId = str(created.body, 'orderId');
  const totalCents = num(created.body, 'totalCents');
  const checkoutUrl = str(created.body, 'checkoutUrl');
  const sessionId = cardSessionOf(checkoutUrl);
  const cardCents = sessionId ? ((await bankSession(ctx.db, sessionId))?.amount_cents ?? 0) : 0;
  const order = newOrder({
    handle: p.handle,
    kind: 'esim',
    lane: op.lane,
    customer: p.guest ? null : op.buyer,
    shop: null,
    id: orderId,
    number: str(created.body, 'number'),
    buyerEmail: contact.email,
    totalCents,
    shownCents: shown,
    expectedGiftCents: shown - shownCard,
    expectedCardCents: shownCard,
    giftCents: totalCents - cardCents,
    giftCard: p.giftCard,
    coupon: p.coupon,
    sessionId,
  });
  const subject = `order ${order.number} (${p.handle})`;
  if (quoted && totalCents !== shown)
    violate(model, {
      invariant: 'order.charged-as-shown',
      subject,
      expected: `the order's total ${money(shown)}, as the order page's quote showed`,
      actual: `total ${money(totalCents)}`,
    });
  // A refund of the card's purchase started or ended between the preview and the order: the preview is stale.
  const raced = p.racing || (card !== undefined && card.purchaseRefundEvents !== eventsBefore);
  if (quoted && !raced && cardCents !== order.expectedCardCents)
    violate(model, {
      invariant: 'order.charged-as-shown',
      subject,
      expected: `card page ${money(order.expectedCardCents)} (total ${money(totalCents)}, gift card ${money(order.expectedGiftCents)} as quoted)`,
      actual: `card page ${money(cardCents)}`,
    });
  if (card && refundedBefore && card.purchaseRefundEvents === eventsBefore && order.giftCents > 0)
    violate(model, {
      invariant: 'giftcard.not-refunded-and-spendable',
      subject: `gift card ${card.handle} (order ${order.number})`,
      expected: 'a gift card whose purchase was refunded in full pays nothing',
      actual: `it paid ${money(order.giftCents)} of ${subject}`,
    });
  const paid = await payAndReturn(ctx, prng, {
    orderId,
    checkoutUrl,
    confirmPath: `/api/orders/${orderId}/confirm`,
  });
  order.paid = paid.paid;
  model.orders.set(p.handle, order);
  return {
    order,
    note: `${order.number} total ${money(totalCents)} card ${money(cardCents)} gift ${money(order.giftCents)} ${paid.note}`,
  };
};

/** A gift card bought on the site for another customer, sent today or tomorrow. */
const buyGiftCard = async (ctx: Ctx, op: Extract<Op, { kind: 'buy_gift_card' }>, prng: Prng) => {
  const { model, client } = ctx;
  const buyer = model.customers.get(op.buyer);
  const recipient = model.customers.get(op.recipient);
  if (!buyer || !recipient) throw new Error('unknown customer');
  const day = new Date(Date.now() + (op.later ? 86_400_000 : 0)).toISOString().slice(0, 10);
  const created = await client.call(prng, 'POST', '/api/gift-cards', {
    token: buyer.token,
    json: {
      amount: op.amountEuros,
      recipientEmail: recipient.email,
      sendOn: day,
      recipientLocale: 'en',
      fullName: 'Model Giver',
      email: buyer.email,
    },
  });
  const card: ModelGiftCard = {
    handle: op.card,
    orderHandle: op.order,
    buyer: op.buyer,
    recipient: op.recipient,
    amountCents: op.amountEuros * 100,
    later: op.later,
    id: null,
    code: null,
    delivered: Promise.resolve(null),
    purchaseRefundedInFull: false,
    refilledAfterRefund: false,
    purchaseRefundEvents: 0,
  };
  model.giftCards.set(op.card, card);
  if (created.status !== 201) return { order: null, note: `gift card refused ${codeOf(created)}` };
  const orderId = str(created.body, 'orderId');
  const checkoutUrl = str(created.body, 'checkoutUrl');
  const sessionId = cardSessionOf(checkoutUrl);
  const cardCents = sessionId ? ((await bankSession(ctx.db, sessionId))?.amount_cents ?? 0) : 0;
  const order = newOrder({
    handle: op.order,
    kind: 'gift_card',
    lane: op.lane,
    customer: op.buyer,
    shop: null,
    id: orderId,
    number: str(created.body, 'number'),
    buyerEmail: buyer.email,
    totalCents: num(created.body, 'totalCents'),
    shownCents: card.amountCents,
    expectedCardCents: card.amountCents,
    sessionId,
  });
  if (cardCents !== card.amountCents)
    violate(model, {
      invariant: 'order.charged-as-shown',
      subject: `gift card order ${order.number}`,
      expected: `card page ${money(card.amountCents)}`,
      actual: `card page ${money(cardCents)}`,
    });
  const paid = await payAndReturn(ctx, prng, {
    orderId,
    checkoutUrl,
    confirmPath: `/api/orders/${orderId}/confirm`,
  });
  order.paid = paid.paid;
  model.orders.set(op.order, order);
  if (paid.paid && !op.later) card.delivered = readDeliveredCode(ctx, card, orderId, recipient.email);
  return { order, note: `${order.number} ${money(card.amountCents)} ${paid.note}` };
};

/**
 * The recipient reads the code from the e-mail the card was delivered in (the outbox is the mailbox): the card's
 * last four characters find the right one among several cards to the same person.
 */
const readDeliveredCode = (ctx: Ctx, card: ModelGiftCard, orderId: string, email: string) =>
  poll(40_000, async () => {
    const row = (
      await ctx.db.query<{ id: string; code_last4: string | null; delivered_at: Date | null }>(
        'select id, code_last4, delivered_at from gift_cards where order_id = $1',
        [orderId],
      )
    ).rows[0];
    if (!row?.delivered_at || !row.code_last4) return undefined;
    card.id = row.id;
    const mails = (
      await ctx.db.query<{ text: string }>('select text from outbox where "to" = $1 and text like $2', [
        email,
        `%${row.code_last4}%`,
      ])
    ).rows;
    const pattern = new RegExp(giftCardCodePattern.source.slice(1, -1), 'g');
    for (const mail of mails)
      for (const found of mail.text.match(pattern) ?? [])
        if (found.endsWith(row.code_last4)) {
          card.code = found;
          return found;
        }
    return undefined;
  }).then((code) => code ?? null);

/** A package on the eSIM another order of the same customer delivered. */
const topUpEsim = async (ctx: Ctx, op: Extract<Op, { kind: 'top_up_esim' }>, prng: Prng) => {
  const { model, client } = ctx;
  const customer = model.customers.get(op.buyer);
  const of = await awaitMade<ModelOrder>(ctx, op.of);
  if (!customer || !of?.paid) return { order: null, note: `skipped: ${op.of} not paid` };
  // The customer waits for the eSIM while the order is being carried out (its dashboard shows it).
  const esim = await poll(30_000, async () => {
    const row = (
      await ctx.db.query<{ esim: string | null; running: boolean }>(
        `select (select id from esims where order_id = o.id limit 1) as esim,
            (o.status = 'paid' or to_jsonb(o)->>'fulfilment_status' = 'paid') as running
           from orders o where o.id = $1`,
        [of.id],
      )
    ).rows[0];
    return row?.esim ?? (row?.running ? undefined : null);
  });
  if (!esim) return { order: null, note: `skipped: ${op.of} has no eSIM` };
  const list = await client.call(prng, 'GET', `/api/account/esims/${esim}/top-up-packages`, {
    token: customer.token,
  });
  const items = (list.body.items ?? []) as {
    slug: string;
    priceCents: number;
    offerPriceCents?: number | null;
  }[];
  if (list.status !== 200 || items.length === 0)
    return { order: null, note: `no top-up package ${list.status}` };
  const pkg = prng.pick(items.slice(0, 4));
  const shownPrice = pkg.offerPriceCents ?? pkg.priceCents;
  const created = await client.call(prng, 'POST', '/api/account/top-ups', {
    token: customer.token,
    json: { esimId: esim, packageSlug: pkg.slug, expectedTotalCents: shownPrice },
  });
  if (created.status !== 201) return { order: null, note: `top-up refused ${codeOf(created)}` };
  const orderId = str(created.body, 'orderId');
  const checkoutUrl = str(created.body, 'checkoutUrl');
  const sessionId = cardSessionOf(checkoutUrl);
  const cardCents = sessionId ? ((await bankSession(ctx.db, sessionId))?.amount_cents ?? 0) : 0;
  const shown = shownPrice;
  const order = newOrder({
    handle: op.order,
    kind: 'topup',
    lane: op.lane,
    customer: op.buyer,
    shop: null,
    id: orderId,
    number: str(created.body, 'number'),
    buyerEmail: customer.email,
    totalCents: num(created.body, 'totalCents'),
    shownCents: shown,
    expectedCardCents: shown,
    sessionId,
  });
  if (cardCents !== shown)
    violate(model, {
      invariant: 'order.charged-as-shown',
      subject: `top-up ${order.number}`,
      expected: `card page ${money(shown)} (the package's price in the list)`,
      actual: `card page ${money(cardCents)}`,
    });
  const paid = await payAndReturn(ctx, prng, {
    orderId,
    checkoutUrl,
    confirmPath: `/api/orders/${orderId}/confirm`,
  });
  order.paid = paid.paid;
  model.orders.set(op.order, order);
  return { order, note: `${order.number} ${money(order.totalCents)} ${paid.note}` };
};

let keys = 0;
const idempotencyKey = (model: Model) => `money-${model.runTag}-${keys++}`;

/** A shop's credit top-up by card: the quote, the order, the card page, the portal's return. */
const shopTopUp = async (ctx: Ctx, op: Extract<Op, { kind: 'shop_top_up' }>, prng: Prng) => {
  const { model, client } = ctx;
  const shop = model.shops.get(op.shop);
  if (!shop) throw new Error('unknown shop');
  const quote = await client.call(prng, 'GET', `/api/portal/topups/quote?amountCents=${op.amountCents}`, {
    token: shop.token,
  });
  const created = await client.call(prng, 'POST', '/api/portal/topups', {
    token: shop.token,
    json: { amountCents: op.amountCents, idempotencyKey: idempotencyKey(model) },
  });
  if (created.status !== 201) return { order: null, note: `top-up refused ${codeOf(created)}` };
  const orderId = str(created.body, 'orderId');
  const checkoutUrl = str(created.body, 'checkoutUrl');
  const sessionId = cardSessionOf(checkoutUrl);
  const cardCents = sessionId ? ((await bankSession(ctx.db, sessionId))?.amount_cents ?? 0) : 0;
  const order = newOrder({
    handle: op.order,
    kind: 'credits',
    lane: op.lane,
    customer: null,
    shop: op.shop,
    id: orderId,
    number: str(created.body, 'number'),
    buyerEmail: shop.email,
    totalCents: op.amountCents,
    shownCents: op.amountCents,
    expectedCardCents: op.amountCents,
    bonusCents: num(created.body, 'bonusCents'),
    sessionId,
  });
  if (cardCents !== op.amountCents || num(quote.body, 'bonusCents') !== order.bonusCents)
    violate(model, {
      invariant: 'order.charged-as-shown',
      subject: `shop top-up ${order.number}`,
      expected: `card page ${money(op.amountCents)}, bonus ${money(num(quote.body, 'bonusCents'))} as quoted`,
      actual: `card page ${money(cardCents)}, bonus ${money(order.bonusCents)}`,
    });
  const paid = await payAndReturn(ctx, prng, {
    orderId,
    checkoutUrl,
    confirmPath: `/api/portal/topups/${orderId}/confirm`,
    token: shop.token,
  });
  order.paid = paid.paid;
  model.orders.set(op.order, order);
  return {
    order,
    note: `${order.number} ${money(op.amountCents)} + bonus ${money(order.bonusCents)} ${paid.note}`,
  };
};

/** A shop's purchase for a new subscriber, paid by its credit (paid credit first, then bonus). */
const shopPurchase = async (ctx: Ctx, op: Extract<Op, { kind: 'shop_purchase' }>, prng: Prng) => {
  const { model, client } = ctx;
  const shop = model.shops.get(op.shop);
  const pkg = ctx.catalogue.shop[op.pkg % ctx.catalogue.shop.length];
  if (!shop || !pkg) throw new Error('unknown shop or package');
  const created = await client.call(prng, 'POST', '/api/portal/orders', {
    token: shop.token,
    json: {
      packageSlug: pkg.slug,
      subscriber: {
        name: 'Sub',
        lastname: `Scriber${op.index}`,
        email: `sub-${model.runTag}-${op.index}@model.example`,
        country: 'AL',
      },
      idempotencyKey: idempotencyKey(model),
      // The wizard's price, confirmed (ADR 0093).
      expectedTotalCents: pkg.priceCents,
    },
  });
  if (created.status !== 201) return { order: null, note: `purchase refused ${codeOf(created)}` };
  const answered = (created.body.order ?? {}) as Record<string, unknown>;
  const order = newOrder({
    handle: op.order,
    kind: 'shop_purchase',
    lane: op.lane,
    customer: null,
    shop: op.shop,
    id: str(answered, 'id'),
    number: str(answered, 'number'),
    buyerEmail: shop.email,
    totalCents: num(answered, 'totalCents'),
    shownCents: pkg.priceCents,
    creditCents: num(answered, 'totalCents'),
    paid: true,
  });
  if (order.totalCents !== pkg.priceCents)
    violate(model, {
      invariant: 'order.charged-as-shown',
      subject: `shop purchase ${order.number}`,
      expected: `${money(pkg.priceCents)} in credit, the reseller price listed`,
      actual: `${money(order.totalCents)}`,
    });
  model.orders.set(op.order, order);
  return { order, note: `${order.number} ${money(order.totalCents)} in credit` };
};

/** Staff remove most of a shop's paid credit (a manual adjustment), leaving `leaveCents`. */
const shopAdjust = async (ctx: Ctx, op: Extract<Op, { kind: 'shop_adjust' }>, prng: Prng) => {
  const { model, client } = ctx;
  const shop = model.shops.get(op.shop);
  if (!shop) throw new Error('unknown shop');
  const balances = await client.call(prng, 'GET', '/api/portal/credits', { token: shop.token });
  const remove = num(balances.body, 'creditCents') - op.leaveCents;
  if (balances.status !== 200 || remove <= 0) return `nothing to remove (${codeOf(balances)})`;
  const answer = await client.call(prng, 'POST', `/api/staff/shops/${shop.id}/adjustments`, {
    token: staffToken(ctx, prng),
    json: {
      direction: 'remove',
      amountCents: remove,
      bucket: 'credit',
      reason: `Money model ${model.runTag} #${op.index}`,
      idempotencyKey: idempotencyKey(model),
    },
  });
  return `removed ${money(remove)} of paid credit: ${answer.status}`;
};

/**
 * A staff refund request as staff send it: asked for a reason to refund beyond the refund policy (an eSIM
 * installed, or paid too long ago), they give one and send it again.
 */
const sendRefundRequest = async (
  ctx: Ctx,
  prng: Prng,
  path: string,
  json: Record<string, unknown>,
  at: { token: string; site?: string },
) => {
  const answer = await ctx.client.call(prng, 'POST', path, { ...at, json });
  if (str(answer.body, 'code') !== 'REFUND_POLICY_OVERRIDE_REQUIRED') return answer;
  return ctx.client.call(prng, 'POST', path, {
    ...at,
    json: { ...json, policyOverrideReason: 'Money model: refunded beyond the policy on purpose' },
  });
};

/** What the staff order page says may still be refunded. */
const refundQuote = async (ctx: Ctx, prng: Prng, orderId: string) => {
  const answer = await ctx.client.call(prng, 'GET', `/api/staff/orders/${orderId}/refunds`, {
    token: staffToken(ctx, prng),
  });
  const refunds = (answer.body.refunds ?? []) as { id: string; status: string; amountCents: number }[];
  return {
    refundable: answer.body.refundable === true,
    refundableCents: answer.status === 200 ? num(answer.body, 'refundableCents') : 0,
    refunds,
  };
};

/** Records the refunds an answer named; a double click answered with an earlier refund adds nothing. */
const learnRefunds = (
  ctx: Ctx,
  order: ModelOrder,
  answer: Answer,
  asked: number | 'full',
  phase: Op['phase'],
) => {
  const rows = refundsOfAnswer(answer.body).filter((r) => r.orderId === order.id);
  const [first] = rows;
  if (!first) return;
  const isNew = !order.refunds.has(first.id);
  for (const [i, row] of rows.entries())
    order.refunds.set(row.id, {
      id: row.id,
      // The amount asked belongs to the request: counted once, on its first row.
      asked: isNew && i === 0 ? asked : 0,
      answeredCents: row.amountCents,
      answeredStatus: row.status,
      kind: row.kind,
      phase,
    });
  if (!isNew) return;
  if (asked === 'full') order.fullAsked = true;
  noteGiftCardRefund(ctx, order, rows);
};

/** A refund of a gift card's purchase in full, or money put back onto a card that paid an order. */
const noteGiftCardRefund = (ctx: Ctx, order: ModelOrder, rows: { status: string }[]) => {
  if (order.kind === 'gift_card' && order.fullAsked && rows.some((r) => r.status === 'succeeded'))
    for (const card of ctx.model.giftCards.values())
      if (card.orderHandle === order.handle) card.purchaseRefundedInFull = true;
  if (order.giftCard && order.giftCents > 0) {
    const card = ctx.model.giftCards.get(order.giftCard);
    if (card?.purchaseRefundedInFull) card.refilledAfterRefund = true;
  }
};

const refundBody = (ctx: Ctx, op: Op, amount: number | 'full', kind: string, tag: string) => ({
  amountCents: amount,
  kind,
  reason: `Money model ${ctx.model.runTag} s${ctx.model.sequence} #${op.index}${tag}`,
});

/**
 * Runs refunds that may touch gift cards' purchases, counting their start and end on each card (a checkout that
 * overlaps them cannot trust the preview it saw).
 */
const aroundPurchaseRefunds = async <T>(ctx: Ctx, orders: ModelOrder[], run: () => Promise<T>) => {
  const handles = new Set(orders.map((o) => o.handle));
  const cards = [...ctx.model.giftCards.values()].filter((card) => handles.has(card.orderHandle));
  for (const card of cards) card.purchaseRefundEvents++;
  try {
    return await run();
  } finally {
    for (const card of cards) card.purchaseRefundEvents++;
  }
};

/** One staff refund (or two at once from two staff on both processes), as asked. */
const refund = async (ctx: Ctx, op: Op, prng: Prng, order: ModelOrder, ask: RefundAsk, twice: boolean) => {
  const { client } = ctx;
  const quote = await refundQuote(ctx, prng, order.id);
  const amount =
    ask.amount === 'full'
      ? ('full' as const)
      : Math.max(1, Math.floor((quote.refundableCents * ask.amount) / 1000));
  const send = (tag: string, token: string, site?: string) =>
    sendRefundRequest(
      ctx,
      prng,
      `/api/staff/orders/${order.id}/refunds`,
      refundBody(ctx, op, amount, ask.kind, tag),
      {
        token,
        site,
      },
    );
  const [one, two] = ctx.model.staff;
  const answers: Answer[] = await aroundPurchaseRefunds(
    ctx,
    [order],
    (): Promise<Answer[]> =>
      twice
        ? Promise.all([send('a', one ?? '', client.sites[0]), send('b', two ?? one ?? '', client.sites[1])])
        : Promise.all([send('', staffToken(ctx, prng))]),
  );
  for (const answer of answers) if (answer.status === 201) learnRefunds(ctx, order, answer, amount, op.phase);
  return answers
    .map((a) =>
      a.status === 201
        ? `refund ${amount === 'full' ? 'full' : money(amount)} → ${refundsOfAnswer(a.body)
            .map((r) => `${money(r.amountCents)} ${r.status}`)
            .join(' + ')}`
        : `refund ${amount === 'full' ? 'full' : money(amount)} refused ${codeOf(a)}`,
    )
    .join('; ');
};

/** Staff retry each failed refund of an order; with the provider working, each must go through. */
const retryRefunds = async (ctx: Ctx, op: Op, prng: Prng, order: ModelOrder) => {
  const { model, client } = ctx;
  const quote = await refundQuote(ctx, prng, order.id);
  const failed = quote.refunds.filter((r) => r.status === 'failed');
  const notes: string[] = [];
  for (const r of failed) {
    const answer = await aroundPurchaseRefunds(ctx, [order], () =>
      client.call(prng, 'POST', `/api/staff/orders/${order.id}/refunds/${r.id}/retry`, {
        token: staffToken(ctx, prng),
      }),
    );
    const rows = refundsOfAnswer(answer.body);
    const ok = answer.status === 200 && rows.length > 0 && rows.every((row) => row.status === 'succeeded');
    notes.push(
      `retry ${money(r.amountCents)} → ${answer.status === 200 ? rows.map((row) => row.status).join('+') : codeOf(answer)}`,
    );
    for (const row of rows) {
      const known = order.refunds.get(row.id);
      if (known) {
        known.answeredStatus = row.status;
        known.answeredCents = row.amountCents;
      } else
        order.refunds.set(row.id, {
          id: row.id,
          asked: 0,
          answeredCents: row.amountCents,
          answeredStatus: row.status,
          kind: row.kind,
          phase: op.phase,
        });
    }
    if (ok) noteGiftCardRefund(ctx, order, rows);
    if (!ok && !model.refundsFail) {
      const after = await refundQuote(ctx, prng, order.id);
      // Refused because a later refund took the room it left is fair; refused with the room still there is not.
      if (after.refundableCents >= r.amountCents || answer.status === 200)
        violate(model, {
          invariant: 'refund.retry-works',
          subject: `order ${order.number} (${order.handle}) refund ${r.id}`,
          expected: `the retry of a failed ${money(r.amountCents)} refund succeeds with the provider working (${money(after.refundableCents)} still refundable)`,
          actual: `${codeOf(answer)}${rows.length ? ` (${rows.map((row) => `${money(row.amountCents)} ${row.status}`).join(', ')})` : ''}`,
          op: `#${op.index}`,
        });
    }
  }
  return notes.length ? notes.join('; ') : 'nothing failed';
};

/** Whether the order's fulfilment is still running (its lifecycle `paid`). */
const beingCarriedOut = async (ctx: Ctx, orderId: string) =>
  (
    await ctx.db.query<{ running: boolean }>(
      `select coalesce(to_jsonb(o)->>'fulfilment_status', o.status) = 'paid' as running from orders o where o.id = $1`,
      [orderId],
    )
  ).rows[0]?.running === true;

/** "Refund everything of this client": afterwards no order of the client may still be refundable. */
const clientRefund = async (ctx: Ctx, op: Extract<Op, { kind: 'client_refund' }>, prng: Prng) => {
  const { model } = ctx;
  const customer = model.customers.get(op.buyer);
  if (!customer) throw new Error('unknown customer');
  const mine = [...model.orders.values()].filter((o) => o.customer === op.buyer && o.paid);
  // Orders still being carried out may be left for later (ADR 0090); the answer's message names them.
  const runningBefore = new Set<string>();
  for (const order of mine) if (await beingCarriedOut(ctx, order.id)) runningBefore.add(order.id);
  const answer = await aroundPurchaseRefunds(ctx, mine, () =>
    sendRefundRequest(
      ctx,
      prng,
      `/api/staff/clients/${customer.id}/refunds`,
      { reason: `Money model ${model.runTag} s${model.sequence} #${op.index} client` },
      { token: staffToken(ctx, prng) },
    ),
  );
  const rows = answer.status === 201 ? refundsOfAnswer(answer.body) : [];
  for (const order of mine) {
    const ofOrder = rows.filter((r) => r.orderId === order.id);
    if (ofOrder.length > 0)
      learnRefunds(ctx, order, { ...answer, body: { refunds: ofOrder } }, 'full', op.phase);
  }
  // With the provider refusing refunds, a card refund fails and the order is refundable again: fair.
  if (!model.refundsFail && (answer.status === 201 || answer.status === 409))
    for (const order of mine) {
      const quote = await refundQuote(ctx, prng, order.id);
      if (
        quote.refundable &&
        quote.refundableCents > 0 &&
        !runningBefore.has(order.id) &&
        !(await beingCarriedOut(ctx, order.id))
      )
        violate(model, {
          invariant: 'client-refund.covers-every-order',
          subject: `order ${order.number} (${order.handle}, ${order.kind}, gift card ${money(order.giftCents)}) of client ${op.buyer}`,
          expected: 'nothing left to refund after "refund everything of this client"',
          actual: `${money(quote.refundableCents)} still refundable (client refund answered ${codeOf(answer)})`,
          op: `#${op.index}`,
        });
    }
  return answer.status === 201
    ? `client refund: ${rows.length} refunds ${rows.map((r) => `${money(r.amountCents)} ${r.status}`).join(', ')}`
    : `client refund refused ${codeOf(answer)}`;
};

/** Runs one operation; answers its line for the log. Entities it makes are published in `model.made`. */
export const runOp = async (ctx: Ctx, op: Op, prng: Prng): Promise<string> => {
  switch (op.kind) {
    case 'buy_esim': {
      const { order, note } = await buyEsim(ctx, op, prng, {
        handle: op.order,
        pkg: op.pkg,
        coupon: op.coupon,
        giftCard: op.giftCard,
        guest: op.guest,
        racing: false,
      });
      if (!order?.paid || !op.refundAtOnce) return note;
      // No wait: the refund races the fulfilment job that the payment just queued.
      order.racedFulfilment = true;
      return `${note}; ${await refund(ctx, op, prng, order, op.refundAtOnce, false)}`;
    }
    case 'spend_twice': {
      const [a, b] = op.orders;
      const both = await Promise.all(
        [a, b].map((handle, i) =>
          buyEsim(ctx, op, prng.fork(i), {
            handle,
            pkg: op.pkg,
            coupon: null,
            giftCard: op.giftCard,
            guest: false,
            racing: true,
          }),
        ),
      );
      return both.map((x) => x.note).join(' | ');
    }
    case 'buy_gift_card':
      return (await buyGiftCard(ctx, op, prng)).note;
    case 'top_up_esim':
      return (await topUpEsim(ctx, op, prng)).note;
    case 'shop_top_up':
      return (await shopTopUp(ctx, op, prng)).note;
    case 'shop_purchase':
      return (await shopPurchase(ctx, op, prng)).note;
    case 'shop_adjust':
      return shopAdjust(ctx, op, prng);
    case 'refund': {
      const order = await awaitMade<ModelOrder>(ctx, op.order);
      if (!order?.paid) return `skipped: ${op.order} not paid`;
      return refund(ctx, op, prng, order, op.ask, op.twice);
    }
    case 'retry_refunds': {
      const order = await awaitMade<ModelOrder>(ctx, op.order);
      if (!order?.paid) return `skipped: ${op.order} not paid`;
      return retryRefunds(ctx, op, prng, order);
    }
    case 'client_refund':
      return clientRefund(ctx, op, prng);
  }
};

/** The handles an operation makes (published when it finishes). */
export const handlesMadeBy = (op: Op): string[] => {
  switch (op.kind) {
    case 'buy_esim':
    case 'top_up_esim':
    case 'shop_top_up':
    case 'shop_purchase':
      return [op.order];
    case 'buy_gift_card':
      return [op.order, op.card];
    case 'spend_twice':
      return [...op.orders];
    default:
      return [];
  }
};

/**
 * The end of a sequence, as careful staff would finish it with the provider working: every failed refund retried,
 * and an order that was to be refunded in full and still has money left refunded again for the rest. A refusal
 * with money left is money stuck.
 */
export const finishRefunds = async (ctx: Ctx, prng: Prng) => {
  const { model } = ctx;
  const notes: string[] = [];
  for (const order of model.orders.values()) {
    if (!order.paid || order.refunds.size === 0) continue;
    const sweep: Op = { index: -1, phase: 2, lane: order.lane, kind: 'retry_refunds', order: order.handle };
    notes.push(`${order.handle}: ${await retryRefunds(ctx, sweep, prng, order)}`);
    if (!order.fullAsked) continue;
    const quote = await refundQuote(ctx, prng, order.id);
    if (quote.refundableCents <= 0) continue;
    const answer = await sendRefundRequest(
      ctx,
      prng,
      `/api/staff/orders/${order.id}/refunds`,
      refundBody(ctx, sweep, 'full', 'order', ' rest'),
      { token: staffToken(ctx, prng) },
    );
    if (answer.status === 201) learnRefunds(ctx, order, answer, 'full', 2);
    else
      violate(model, {
        invariant: 'refund.money-stuck',
        subject: `order ${order.number} (${order.handle}, ${order.kind})`,
        expected: `the ${money(quote.refundableCents)} still refundable can be refunded`,
        actual: `a new refund of it is refused: ${codeOf(answer)}`,
      });
    notes.push(`${order.handle}: rest ${money(quote.refundableCents)} → ${codeOf(answer)}`);
  }
  return notes;
};

/** Switches the sandbox's refunds to fail, or back (the staff API's switch). */
export const switchRefundFailures = async (ctx: Ctx, prng: Prng, on: boolean) => {
  const answer = await ctx.client.call(prng, 'PUT', '/api/staff/refunds/sandbox', {
    token: staffToken(ctx, prng),
    json: { failRefunds: on },
  });
  if (answer.status !== 200) throw new Error(`refund switch answered ${answer.status} ${answer.text}`);
  ctx.model.refundsFail = on;
};
