import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { buildServer, createScratchDatabase, type ServerProcess, sleep, startServer } from '../processes';
import {
  type Catalogue,
  type Ctx,
  finishRefunds,
  handlesMadeBy,
  runOp,
  switchRefundFailures,
} from './actions';
import { type Client, createClient, newContact } from './client';
import { checkInvariants, readSnapshot } from './invariants';
import { createModel, type Model, type Violation } from './model';
import { describeOp, type Op, planSequence } from './operations';
import { createPrng, type Prng } from './prng';

/**
 * The money model test's run (ADR 0095): the compiled server twice on one scratch PostgreSQL database (as
 * `npm start` runs it, so locks and races are real), then sequences of generated operations, each checked
 * against the invariants once it has settled. Used by the Vitest short run (money-model.test.ts) and by
 * `npm run bench:money` (main.ts).
 */

export type RunOptions = {
  /** The PostgreSQL server to make the scratch database on (TEST_DATABASE_URL). */
  baseUrl: string;
  /** Sequence k runs with seed `seed + k`: each sequence's seed alone reproduces it. */
  seed: number;
  sequences: number;
  opsPerSequence: number;
  /** How many lanes (a buyer's or a shop's operations, in order) run at once. */
  concurrency: number;
  /** Check the buyer's refund notice (`auto`: once `modules/refunds/refund-notice.ts` exists on this branch). */
  refundNotices: boolean | 'auto';
  portBase: number;
  /** Stop starting new sequences after this long (the bench's time budget). */
  budgetMs?: number;
  log?: (line: string) => void;
  /** Build name of the compiled server (its own dist folder). */
  buildName: string;
};

export type SequenceResult = {
  seed: number;
  sequence: number;
  operations: number;
  violations: Violation[];
  /** The operation log, one line per operation with what it did. */
  log: string[];
  ms: number;
};

export type RunResult = {
  sequences: SequenceResult[];
  operations: number;
  violations: Violation[];
  ms: number;
  refundNotices: boolean;
};

const root = join(import.meta.dirname, '../../../../..');
const noticeFile = join(root, 'apps/server/src/modules/refunds/refund-notice.ts');

/** The server processes' environment beyond the test defaults (processes.ts): no demo data, limits lifted. */
const serverOverrides = {
  DEMO_DATA: 'false',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '1000000',
  AUTH_RATE_LIMIT_PER_IP: '1000000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '1000000',
  FULFILMENT_CONCURRENCY: '4',
};

export const runMoneyModel = async (options: RunOptions): Promise<RunResult> => {
  const log = options.log ?? (() => {});
  const started = Date.now();
  const refundNotices = options.refundNotices === 'auto' ? existsSync(noticeFile) : options.refundNotices;
  const entry = buildServer(options.buildName);
  const database = await createScratchDatabase(options.baseUrl);
  const since = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  log(`money model: server built, database made (${since()})`);
  const servers: ServerProcess[] = [];
  const db = new pg.Pool({ connectionString: database.url, max: 3 });
  db.on('error', () => undefined);
  let cleaned: Promise<void> | undefined;
  const cleanUp = () => {
    cleaned ??= (async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await db.end().catch(() => undefined);
      await database.drop();
    })();
    return cleaned;
  };
  // Interrupted (Ctrl-C, a CI timeout): the server processes stop and the scratch database goes all the same.
  const onSignal = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    // One after the other: the first migrates and seeds, as a cluster's first instance does.
    for (const i of [0, 1])
      servers.push(
        await startServer({
          entry,
          databaseUrl: database.url,
          port: options.portBase + i,
          env: serverOverrides,
        }),
      );
    log(`money model: two servers up (${since()})`);
    const client = createClient(servers.map((s) => s.site));
    const setupPrng = createPrng(options.seed);
    const catalogue = await readCatalogue(client, setupPrng);
    log(
      `money model: servers ${client.sites.join(', ')}; refund notices ${refundNotices ? 'checked' : 'not checked (switched off)'}`,
    );
    const results: SequenceResult[] = [];
    for (let k = 0; k < options.sequences; k++) {
      if (options.budgetMs !== undefined && Date.now() - started > options.budgetMs) break;
      const result = await runSequence({
        client,
        db,
        catalogue,
        refundNotices,
        seed: options.seed + k,
        sequence: k,
        options,
      });
      results.push(result);
      log(
        `sequence ${k} (seed ${result.seed}): ${result.operations} operations in ${(result.ms / 1000).toFixed(1)} s, ${result.violations.length} invariant violations`,
      );
      for (const server of servers)
        if (!server.running()) throw new Error(`server ${server.site} exited during the run`);
    }
    return {
      sequences: results,
      operations: results.reduce((n, r) => n + r.operations, 0),
      violations: results.flatMap((r) => r.violations),
      ms: Date.now() - started,
      refundNotices,
    };
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanUp();
  }
};

/**
 * Packages to buy: for the site five local ones and three global ones dearer than a small gift card (those orders
 * are paid by gift card and card together), for shops eight at reseller prices.
 */
const readCatalogue = async (client: Client, prng: Prng): Promise<Catalogue> => {
  type Listed = { slug: string; priceCents: number; offerPriceCents: number | null };
  const site = await client.call(prng, 'GET', '/api/catalogue/packages?type=local&pageSize=100');
  const items = (site.body.items ?? []) as Listed[];
  const global = await client.call(prng, 'GET', '/api/catalogue/packages?type=global&pageSize=100');
  const dear = ((global.body.items ?? []) as Listed[])
    .filter((p) => p.priceCents >= 1200 && p.priceCents <= 4500)
    .sort((a, b) => a.priceCents - b.priceCents);
  const picked = [
    ...[0, 19, 48, 77, 95].map((i) => items[i % Math.max(1, items.length)]),
    ...[0, 0.5, 0.99].map((f) => dear[Math.floor(f * dear.length)] ?? items[1]),
  ];
  const shopUser = await client.call(prng, 'POST', '/api/test/users', { json: { kind: 'shop' } });
  const token = await login(client, prng, '/api/portal/auth/login', shopUser.body);
  const shop = await client.call(prng, 'GET', '/api/portal/packages?pageSize=100', { token });
  // Cheap enough that a shop left with a few euros of paid credit pays the rest with its bonus.
  const shopItems = ((shop.body.items ?? []) as { slug: string; resellerPriceCents: number }[])
    .filter((p) => p.resellerPriceCents <= 2000)
    .slice(0, 8);
  const catalogue = {
    site: picked
      .filter((p): p is NonNullable<typeof p> => p !== undefined)
      .map((p) => ({ slug: p.slug, priceCents: p.offerPriceCents ?? p.priceCents })),
    shop: shopItems.map((p) => ({ slug: p.slug, priceCents: p.resellerPriceCents })),
  };
  if (catalogue.site.length === 0 || catalogue.shop.length === 0)
    throw new Error(`no packages to buy: ${site.status} ${shop.status}`);
  return catalogue;
};

const login = async (client: Client, prng: Prng, path: string, user: Record<string, unknown>) => {
  const answer = await client.call(prng, 'POST', path, {
    json: { email: user.email, password: user.password },
  });
  const token = answer.body.access_token;
  if (answer.status !== 200 || typeof token !== 'string')
    throw new Error(`login ${path}: ${answer.status} ${answer.text}`);
  return token;
};

/** A settable promise: the entity a handle names, once its operation has run. */
const deferred = () => {
  let resolve: (value: unknown) => void = () => {};
  const promise = new Promise<unknown>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

/** The handles an operation waits for before it starts (entities made by earlier operations). */
const handlesNeededBy = (op: Op): string[] => {
  switch (op.kind) {
    case 'buy_esim':
      return op.giftCard ? [op.giftCard] : [];
    case 'spend_twice':
      return [op.giftCard];
    case 'top_up_esim':
      return [op.of];
    case 'refund':
    case 'retry_refunds':
      return [op.order];
    default:
      return [];
  }
};

/** A counting semaphore: at most `n` operations run at once. */
const semaphore = (n: number) => {
  let free = n;
  const waiting: (() => void)[] = [];
  return {
    acquire: async () => {
      if (free > 0) {
        free--;
        return;
      }
      await new Promise<void>((r) => waiting.push(r));
    },
    release: () => {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
};

const runSequence = async (input: {
  client: Client;
  db: pg.Pool;
  catalogue: Catalogue;
  refundNotices: boolean;
  seed: number;
  sequence: number;
  options: RunOptions;
}): Promise<SequenceResult> => {
  const { client, db, seed, sequence } = input;
  const started = Date.now();
  const plan = planSequence(seed, input.options.opsPerSequence);
  const runTag = `${seed.toString(36)}${Date.now().toString(36).slice(-4)}`;
  const model = createModel(seed, sequence, runTag);
  const ctx: Ctx = { client, db, model, catalogue: input.catalogue };
  const prng = createPrng(seed).fork('setup');
  const faultsBefore = client.faults.length;
  await setUpActors(ctx, plan, prng);

  const makers = new Map<string, ReturnType<typeof deferred>>();
  for (const op of plan.ops)
    for (const handle of handlesMadeBy(op)) {
      const d = deferred();
      makers.set(handle, d);
      model.made.set(handle, d.promise);
    }
  const lines = new Map<number, string>();
  const gate = semaphore(input.options.concurrency);
  const t0 = Date.now();
  const runOne = async (op: Op) => {
    for (const handle of handlesNeededBy(op)) await model.made.get(handle);
    await gate.acquire();
    const at = Date.now() - t0;
    let outcome: string;
    try {
      outcome = await runOp(ctx, op, createPrng(seed).fork(`op${op.index}`));
    } catch (error) {
      outcome = `ERROR ${String((error as Error)?.stack ?? error).slice(0, 400)}`;
      model.violations.push({
        invariant: 'harness.operation-completes',
        seed,
        sequence,
        subject: `operation #${op.index}`,
        expected: 'the operation runs to its end',
        actual: outcome,
      });
    } finally {
      gate.release();
    }
    for (const handle of handlesMadeBy(op))
      makers.get(handle)?.resolve(model.orders.get(handle) ?? model.giftCards.get(handle) ?? null);
    lines.set(op.index, `${describeOp(op)} [+${(at / 1000).toFixed(1)}s] → ${outcome}`);
  };

  for (const phase of [0, 1, 2] as const) {
    const ops = plan.ops.filter((op) => op.phase === phase);
    if (ops.length === 0) continue;
    if (phase === 1) await switchRefundFailures(ctx, prng, true);
    const lanes = new Map<string, Op[]>();
    for (const op of ops) lanes.set(op.lane, [...(lanes.get(op.lane) ?? []), op]);
    try {
      await Promise.all(
        [...lanes.values()].map(async (laneOps) => {
          for (const op of laneOps) await runOne(op);
        }),
      );
    } finally {
      if (phase === 1) await switchRefundFailures(ctx, prng, false);
    }
    // Before anything is retried: what must hold at every moment, with the provider's refusals fresh.
    if (phase === 1) {
      await settleGiftCards(
        db,
        [...model.orders.values()].map((o) => o.id),
        20_000,
      );
      const snapshot = await readSnapshot(db, model);
      for (const v of checkInvariants(model, snapshot, { refundNotices: false, when: 'checkpoint' }))
        model.violations.push({ seed, sequence, ...v });
    }
  }
  // Anything made by an operation that never ran (a planning gap) resolves as refused.
  for (const d of makers.values()) d.resolve(null);

  const orderIds = () => [...model.orders.values()].map((o) => o.id);
  const unsettled1 = await settle(db, orderIds(), 60_000);
  const sweep = await finishRefunds(ctx, prng.fork('finish'));
  const unsettled2 = await settle(db, orderIds(), 30_000);
  const snapshot = await readSnapshot(db, model);
  for (const v of checkInvariants(model, snapshot, { refundNotices: input.refundNotices, when: 'end' }))
    model.violations.push({ seed, sequence, ...v });
  for (const fault of client.faults.slice(faultsBefore))
    model.violations.push({
      invariant: 'api.no-server-error',
      seed,
      sequence,
      subject: `${fault.method} ${fault.path} on ${fault.site}`,
      expected: 'an answer below 500',
      actual: `${fault.status || 'no answer'} ${fault.text}`,
    });
  const log = [
    ...[...lines.entries()].sort(([a], [b]) => a - b).map(([, line]) => line),
    `settle: ${unsettled1}; final refunds: ${sweep.join(' | ') || 'none'}; settle again: ${unsettled2}`,
  ];
  return {
    seed,
    sequence,
    operations: plan.ops.length,
    violations: model.violations,
    log,
    ms: Date.now() - started,
  };
};

/** The sequence's people: customers and shops signed in, two admins, and its two coupons. */
const setUpActors = async (ctx: Ctx, plan: ReturnType<typeof planSequence>, prng: Prng) => {
  const { client, model } = ctx;
  const user = async (kind: 'customer' | 'shop' | 'staff') => {
    const made = await client.call(prng, 'POST', '/api/test/users', {
      json: { kind, ...(kind === 'staff' ? { role: 'admin' } : {}) },
    });
    if (made.status !== 201) throw new Error(`test user ${kind}: ${made.status} ${made.text}`);
    const path = {
      customer: '/api/auth/login',
      shop: '/api/portal/auth/login',
      staff: '/api/staff/auth/login',
    }[kind];
    return { body: made.body, token: await login(client, prng, path, made.body) };
  };
  for (const handle of plan.customers) {
    const { body, token } = await user('customer');
    // A signed-in buyer's order form takes any phone number (only a guest's must be new).
    const { phone } = newContact(model.runTag);
    model.customers.set(handle, { handle, id: String(body.id), email: String(body.email), phone, token });
  }
  for (const handle of plan.shops) {
    const { body, token } = await user('shop');
    const shopId = (
      await ctx.db.query<{ shop_id: string }>('select shop_id from users where id = $1', [String(body.id)])
    ).rows[0]?.shop_id;
    if (!shopId) throw new Error('shop user without a shop');
    model.shops.set(handle, {
      handle,
      id: shopId,
      userId: String(body.id),
      email: String(body.email),
      token,
    });
  }
  model.staff = [(await user('staff')).token, (await user('staff')).token];
  const [admin] = model.staff;
  const coupon = async (suffix: string, percentOff: number, maxRedemptions: number | '') => {
    const code = `MM-${model.runTag.toUpperCase()}-${suffix}`;
    const made = await client.call(prng, 'POST', '/api/staff/coupons', {
      token: admin,
      json: {
        code,
        kind: 'percent',
        percentOff,
        amountOffCents: null,
        startsOn: new Date().toISOString().slice(0, 10),
        endsOn: '',
        maxRedemptions,
        maxPerCustomer: '',
        minOrderCents: 0,
        scopePackageSlug: '',
        scopePackageType: '',
        scopeCountry: '',
      },
    });
    if (made.status !== 201) throw new Error(`coupon: ${made.status} ${made.text}`);
    return code;
  };
  model.coupons = {
    open: await coupon('OPEN', 15, ''),
    limited: await coupon('THREE', 25, 3),
    limitedMax: 3,
  };
};

/**
 * Waits until the sequence's orders have settled: none still being carried out, no refund pending, every card due
 * today delivered. Answers what was still unsettled when it stopped waiting (the invariants then say what).
 */
const settle = async (db: pg.Pool, orderIds: string[], ms: number) => {
  const until = Date.now() + ms;
  for (;;) {
    const row = (
      await db.query<{ running: number; pending: number; undelivered: number }>(
        `select
           (select count(*)::int from orders o where o.id = any($1::uuid[])
              and (o.status = 'paid' or to_jsonb(o)->>'fulfilment_status' = 'paid')) as running,
           (select count(*)::int from refunds r where r.order_id = any($1::uuid[]) and r.status = 'pending') as pending,
           (select count(*)::int from gift_cards g where g.order_id = any($1::uuid[]) and g.status = 'active'
              and g.delivered_at is null and g.send_on <= (now() at time zone 'utc')::date) as undelivered`,
        [orderIds],
      )
    ).rows[0];
    const left = row ? row.running + row.pending + row.undelivered : 0;
    if (left === 0) return 'settled';
    if (Date.now() > until)
      return `gave up after ${ms / 1000} s: ${row?.running} orders being carried out, ${row?.pending} refunds pending, ${row?.undelivered} cards undelivered`;
    await sleep(500);
  }
};

/** Waits until the paid gift cards have been issued (their code and balance come from the fulfilment job). */
const settleGiftCards = async (db: pg.Pool, orderIds: string[], ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const row = (
      await db.query<{ n: number }>(
        `select count(*)::int as n from orders o where o.id = any($1::uuid[]) and o.kind = 'gift_card'
           and (o.status = 'paid' or to_jsonb(o)->>'fulfilment_status' = 'paid')`,
        [orderIds],
      )
    ).rows[0];
    if (!row?.n) return;
    await sleep(300);
  }
};

/** The report a failing run prints: each violation, how to reproduce its sequence, and the sequence's log. */
export const formatReport = (
  result: RunResult,
  options: Pick<RunOptions, 'opsPerSequence'>,
  /** Every sequence's log, not only the failing ones'. */
  verbose = false,
) => {
  const lines: string[] = [];
  for (const seq of result.sequences) {
    if (seq.violations.length === 0 && !verbose) continue;
    lines.push(
      `── sequence ${seq.sequence}, seed ${seq.seed}: ${seq.violations.length} violations ` +
        `(reproduce: MONEY_SEED=${seq.seed} MONEY_SEQUENCES=1 MONEY_OPS=${options.opsPerSequence} npm run bench:money)`,
    );
    for (const v of seq.violations)
      lines.push(
        `  [${v.invariant}] ${v.subject}${v.op ? ` at ${v.op}` : ''}\n      expected: ${v.expected}\n      actual:   ${v.actual}`,
      );
    lines.push('  operations:');
    for (const line of seq.log) lines.push(`    ${line}`);
  }
  return lines.join('\n');
};

/** Violations counted per invariant, for the summary line and the benchmarks table. */
export const countByInvariant = (violations: Violation[]) => {
  const counts = new Map<string, { count: number; seeds: Set<number> }>();
  for (const v of violations) {
    const entry = counts.get(v.invariant) ?? { count: 0, seeds: new Set<number>() };
    entry.count++;
    entry.seeds.add(v.seed);
    counts.set(v.invariant, entry);
  }
  return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b));
};

export type { Model };
