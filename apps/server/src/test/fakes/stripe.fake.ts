import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { z } from 'zod';

/**
 * A local stand-in for the parts of the Stripe API the adapter uses, so tests run the real SDK end to end
 * (form encoding, headers, retries, error classes) without the network. It follows Stripe's documented
 * behaviour where the adapter depends on it: bearer-key auth, idempotency keys that replay the first result
 * and reject different parameters, `expand[]`, Checkout's 30-minute minimum expiry and the euro minimum
 * charge, refunds capped at the unrefunded amount. Objects are typed as subsets of the SDK's own types so
 * the fake cannot drift from what the SDK declares.
 */

export type FakeSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'mode'
  | 'status'
  | 'payment_status'
  | 'amount_total'
  | 'amount_subtotal'
  | 'currency'
  | 'customer_email'
  | 'locale'
  | 'client_reference_id'
  | 'metadata'
  | 'success_url'
  | 'cancel_url'
  | 'expires_at'
  | 'created'
  | 'url'
  | 'livemode'
> & { payment_intent: string | null };

export type FakePaymentIntent = Pick<
  Stripe.PaymentIntent,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_received'
  | 'currency'
  | 'status'
  | 'metadata'
  | 'last_payment_error'
  | 'created'
  | 'livemode'
>;

export type FakeRefund = Pick<
  Stripe.Refund,
  'id' | 'object' | 'amount' | 'currency' | 'status' | 'failure_reason' | 'metadata' | 'created'
> & { payment_intent: string };

export type FakeRequest = {
  method: string;
  path: string;
  query: unknown;
  idempotencyKey: string | undefined;
  body: unknown;
  rawBody: string;
};

type StoredResult = { method: string; path: string; rawBody: string; status: number; body: unknown };

export type FakeStripeState = {
  sessions: Map<string, FakeSession>;
  /** Checkout copies `payment_intent_data.metadata` onto the payment intent it creates at payment time. */
  intentMetadata: Map<string, Record<string, string>>;
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
  idempotency: Map<string, StoredResult>;
  /** Status the next refunds get; card refunds usually succeed at once, some stay pending. */
  refundStatus: 'succeeded' | 'pending' | 'failed';
  /** Delay before each response, to exercise the SDK timeout. */
  latencyMs: number;
};

export type SignedEvent = { id: string; payload: string; header: string };

type StripeErrorBody = { type: string; message: string; code?: string; param?: string };

class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const invalid = (message: string, extra: Omit<StripeErrorBody, 'type' | 'message'> = {}) =>
  new FakeStripeError(400, { type: 'invalid_request_error', message, ...extra });

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

type FormNode = { [key: string]: FormNode | string };

const toValue = (node: FormNode | string): unknown => {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((i) => toValue(node[String(i)] ?? ''));
  }
  return Object.fromEntries(keys.map((k) => [k, toValue(node[k] ?? '')]));
};

/** Stripe's form encoding: `a[b][0][c]=v` nests; all-numeric keys make arrays. Values stay strings, like Stripe. */
export const parseStripeForm = (encoded: string): unknown => {
  const root: FormNode = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const [head = '', ...rest] = key.split('[');
    const path = [head, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node = root;
    for (const segment of path.slice(0, -1)) {
      const next = node[segment];
      const child: FormNode = typeof next === 'object' ? next : {};
      node[segment] = child;
      node = child;
    }
    node[path.at(-1) ?? ''] = value;
  }
  return toValue(root);
};

const int = z.coerce.number().int();
const metadataSchema = z.record(z.string(), z.string());

const createSessionSchema = z.object({
  mode: z.literal('payment'),
  line_items: z
    .array(
      z.object({
        quantity: int.positive(),
        price_data: z.object({
          currency: z.string().regex(/^[a-z]{3}$/),
          unit_amount: int.nonnegative(),
          product_data: z.object({ name: z.string().min(1) }),
        }),
      }),
    )
    .min(1),
  customer_email: z.email().optional(),
  locale: z.string().optional(),
  client_reference_id: z.string().max(200).optional(),
  metadata: metadataSchema.optional(),
  payment_intent_data: z.object({ metadata: metadataSchema.optional() }).optional(),
  success_url: z.url(),
  cancel_url: z.url().optional(),
  expires_at: int.optional(),
});

const retrieveQuerySchema = z.object({ expand: z.array(z.string()).optional() });

const createRefundSchema = z.object({
  payment_intent: z.string(),
  amount: int.positive().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});

// Stripe names a parameter in its own bracket form, e.g. line_items[0][price_data][currency].
const paramOf = (path: PropertyKey[]) =>
  path.map((p, i) => (i === 0 ? String(p) : `[${String(p)}]`)).join('');

const parseWith = <T>(schema: z.ZodType<T>, value: unknown): T => {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const param = issue ? paramOf(issue.path) : '';
  throw invalid(`Invalid ${param}: ${issue?.message ?? 'invalid request'}`, { param });
};

// Checkout's minimum charge in euro (Stripe's documented minimum charge amounts).
const minimumEuroCents = 50;

/** Card-testing decline codes and the error code Stripe reports them under. */
const declineError = (declineCode: string): Stripe.PaymentIntent.LastPaymentError => {
  if (declineCode === 'expired_card') {
    return {
      type: 'card_error',
      code: 'expired_card',
      decline_code: 'expired_card',
      message: 'Expired card.',
    };
  }
  if (declineCode === 'processing_error') {
    return { type: 'card_error', code: 'processing_error', message: 'An error occurred while processing.' };
  }
  return {
    type: 'card_error',
    code: 'card_declined',
    decline_code: declineCode,
    message: 'Your card was declined.',
  };
};

export const startFakeStripe = async (options: { webhookSecret?: string } = {}) => {
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const state: FakeStripeState = {
    sessions: new Map(),
    intentMetadata: new Map(),
    paymentIntents: new Map(),
    refunds: new Map(),
    idempotency: new Map(),
    refundStatus: 'succeeded',
    latencyMs: 0,
  };
  const requests: FakeRequest[] = [];

  const sessionById = (id: string) => {
    const session = state.sessions.get(id);
    if (!session) {
      throw new FakeStripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such checkout.session: '${id}'`,
        param: 'session',
      });
    }
    return session;
  };

  const createSession = (body: unknown): FakeSession => {
    const params = parseWith(createSessionSchema, body);
    const currencies = new Set(params.line_items.map((item) => item.price_data.currency));
    const [currency = 'eur'] = currencies;
    if (currencies.size > 1) throw invalid('All line items must use the same currency.');
    const amount = params.line_items.reduce(
      (sum, item) => sum + item.price_data.unit_amount * item.quantity,
      0,
    );
    if (currency === 'eur' && amount < minimumEuroCents) {
      throw invalid("The Checkout Session's total amount due must add up to at least €0.50 eur", {
        code: 'amount_too_small',
      });
    }
    const created = nowSeconds();
    const expiresAt = params.expires_at ?? created + 24 * 3600;
    if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600) {
      throw invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from now.', {
        param: 'expires_at',
      });
    }
    const id = newId('cs_test');
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      amount_subtotal: amount,
      currency,
      customer_email: params.customer_email ?? null,
      locale: params.locale ?? null,
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      payment_intent: null,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      expires_at: expiresAt,
      created,
      url: `https://checkout.stripe.com/c/pay/${id}`,
      livemode: false,
    };
    state.sessions.set(id, session);
    state.intentMetadata.set(id, params.payment_intent_data?.metadata ?? {});
    return session;
  };

  const retrieveSession = (id: string, query: unknown) => {
    const session = sessionById(id);
    const { expand = [] } = parseWith(retrieveQuerySchema, query);
    const intent = session.payment_intent ? state.paymentIntents.get(session.payment_intent) : undefined;
    return expand.includes('payment_intent') && intent ? { ...session, payment_intent: intent } : session;
  };

  // Like Stripe: only an open session can be expired; it then refuses payment and reports `expired`.
  const expireSession = (id: string) => {
    const session = sessionById(id);
    if (session.status !== 'open') {
      throw invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    }
    session.status = 'expired';
    return session;
  };

  const createRefund = (body: unknown): FakeRefund => {
    const params = parseWith(createRefundSchema, body);
    const intent = state.paymentIntents.get(params.payment_intent);
    if (!intent) {
      throw new FakeStripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${params.payment_intent}'`,
        param: 'payment_intent',
      });
    }
    if (intent.status !== 'succeeded') {
      throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
      });
    }
    const refunded = [...state.refunds.values()]
      .filter((r) => r.payment_intent === intent.id && r.status !== 'failed')
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = params.amount ?? intent.amount_received - refunded;
    if (amount > intent.amount_received - refunded) {
      throw invalid('Refund amount is greater than unrefunded amount on charge.', {
        code: 'amount_too_large',
        param: 'amount',
      });
    }
    const refund: FakeRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: state.refundStatus,
      failure_reason: state.refundStatus === 'failed' ? 'declined' : undefined,
      metadata: params.metadata ?? {},
      created: nowSeconds(),
    };
    state.refunds.set(refund.id, refund);
    return refund;
  };

  type Handled = { status: number; body: unknown; replayed?: boolean };

  const route = (method: string, path: string, query: unknown, body: unknown): unknown => {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(body);
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sessionMatch?.[1])
      return retrieveSession(decodeURIComponent(sessionMatch[1]), query);
    const expireMatch = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expireMatch?.[1]) return expireSession(decodeURIComponent(expireMatch[1]));
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    throw new FakeStripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  };

  const handle = (req: IncomingMessage, rawBody: string, entry: FakeRequest): Handled => {
    const auth = req.headers.authorization ?? '';
    if (!/^Bearer (sk|rk)_test_\w+$/.test(auth)) {
      throw new FakeStripeError(401, {
        type: 'invalid_request_error',
        message: 'Invalid API Key provided: the fake accepts test-mode keys only.',
      });
    }
    const key = entry.idempotencyKey;
    const stored = key ? state.idempotency.get(key) : undefined;
    if (key && stored) {
      if (stored.method !== entry.method || stored.path !== entry.path || stored.rawBody !== rawBody) {
        throw new FakeStripeError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      return { status: stored.status, body: stored.body, replayed: true };
    }
    const body = route(entry.method, entry.path, entry.query, entry.body);
    // Like Stripe, only requests that passed validation and ran are remembered under their key.
    if (key && entry.method === 'POST') {
      state.idempotency.set(key, { method: entry.method, path: entry.path, rawBody, status: 200, body });
    }
    return { status: 200, body };
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake.stripe');
      const idempotencyKey = req.headers['idempotency-key'];
      const entry: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: parseStripeForm(url.search.slice(1)),
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
        body: parseStripeForm(rawBody),
        rawBody,
      };
      requests.push(entry);
      let result: Handled;
      try {
        result = handle(req, rawBody, entry);
      } catch (error) {
        result =
          error instanceof FakeStripeError
            ? { status: error.status, body: { error: error.body } }
            : { status: 500, body: { error: { type: 'api_error', message: String(error) } } };
      }
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'request-id': newId('req'),
      };
      if (entry.idempotencyKey) headers['idempotency-key'] = entry.idempotencyKey;
      if (result.replayed) headers['idempotent-replayed'] = 'true';
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(result.status, headers).end(JSON.stringify(result.body));
      }, state.latencyMs);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const intentFor = (session: FakeSession): FakePaymentIntent => {
    const existing = session.payment_intent ? state.paymentIntents.get(session.payment_intent) : undefined;
    if (existing) return existing;
    // Checkout creates the payment intent when the buyer confirms, not when the session is created.
    const intent: FakePaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: session.amount_total ?? 0,
      amount_received: 0,
      currency: session.currency ?? 'eur',
      status: 'requires_payment_method',
      metadata: state.intentMetadata.get(session.id) ?? {},
      last_payment_error: null,
      created: nowSeconds(),
      livemode: false,
    };
    state.paymentIntents.set(intent.id, intent);
    session.payment_intent = intent.id;
    return intent;
  };

  const requireOpen = (session: FakeSession) => {
    if (session.status !== 'open') throw new Error(`Session ${session.id} is ${session.status}, not open`);
  };

  /** The buyer pays with a card that succeeds. */
  const pay = (sessionId: string) => {
    const session = sessionById(sessionId);
    requireOpen(session);
    const intent = intentFor(session);
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, last_payment_error: null });
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    return { session, paymentIntent: intent };
  };

  /** The buyer's card is declined with this decline code; Checkout keeps the session open for another try. */
  const fail = (sessionId: string, declineCode: string) => {
    const session = sessionById(sessionId);
    requireOpen(session);
    const intent = intentFor(session);
    Object.assign(intent, {
      status: 'requires_payment_method',
      last_payment_error: declineError(declineCode),
    });
    return { session, paymentIntent: intent };
  };

  /** The session passes its expiry unpaid. */
  const expire = (sessionId: string) => {
    const session = sessionById(sessionId);
    requireOpen(session);
    session.status = 'expired';
    return { session };
  };

  /** An event as Stripe delivers it, signed like Stripe signs it; tests may forge the secret or the time. */
  const signedEvent = (
    type: string,
    object: object,
    sign: { secret?: string; timestamp?: number } = {},
  ): SignedEvent => {
    const id = newId('evt');
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: sign.secret ?? webhookSecret,
      timestamp: sign.timestamp ?? nowSeconds(),
    });
    return { id, payload, header };
  };

  /** Delivers a signed event to a webhook route the way Stripe does: raw JSON plus Stripe-Signature. */
  const sendWebhook = async (url: string, event: SignedEvent) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.header },
      body: event.payload,
    });
    return { status: response.status, body: await response.text() };
  };

  const close = () =>
    new Promise<void>((resolve, reject) => {
      // The SDK keeps connections alive; drop them so close() does not wait for their idle timeout.
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });

  return {
    host: '127.0.0.1',
    port,
    protocol: 'http' as const,
    webhookSecret,
    state,
    requests,
    pay,
    fail,
    expire,
    signedEvent,
    sendWebhook,
    close,
  };
};

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
