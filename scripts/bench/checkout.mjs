#!/usr/bin/env node
// bench:checkout (issues 4 and 14) — buyers create orders and pay with the sandbox test card against the real
// product on PostgreSQL; the orders then go paid → completed through the pg-boss fulfilment jobs.
//   burst (default): BENCH_BUYERS create orders BENCH_CONCURRENCY at a time, then all pay at once, or spread
//     evenly over BENCH_PAY_WITHIN_SECONDS (e.g. BENCH_BUYERS=1000 BENCH_PAY_WITHIN_SECONDS=10).
//   open loop: BENCH_RATE buyers a second arrive for BENCH_DURATION_SECONDS (default 30), each creating, paying
//     and confirming at once, whatever the server's answer times (no coordinated omission).
// Budgets (DESIGN section 7, issue 14): checkout writes p99 ≤ 150 ms at 200 concurrent, and at 100 orders/s open
// loop with one process. BENCH_PORT (default 3740) is the product's port (and +1 its staff port); the product
// runs WEB_CONCURRENCY processes when that is set and the server supports it; BENCH_CPU_PROF=<dir> writes a CPU
// profile of the product (node --cpu-prof) when it stops.
// Fails (exit code 1) unless every order completed exactly once: one eSIM, one eSIM package and one
// confirmation e-mail per order.
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import pg from 'pg';
import {
  createBenchDatabase,
  postgresCpuMs,
  processTreeCpuMs,
  record,
  startProduct,
  waitFor,
} from './lib.mjs';

const rate = Number(process.env.BENCH_RATE ?? 0);
const durationSeconds = Number(process.env.BENCH_DURATION_SECONDS ?? 30);
const openLoop = rate > 0;
const buyers = openLoop ? Math.round(rate * durationSeconds) : Number(process.env.BENCH_BUYERS ?? 200);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 200);
const payWithinSeconds = Number(process.env.BENCH_PAY_WITHIN_SECONDS ?? 0);
const processes = Number(process.env.WEB_CONCURRENCY ?? 1);
const cpuProfileDir = process.env.BENCH_CPU_PROF;
/** BENCH_ONLY_ORDERS=1: only the order writes (phase 1), to measure their cost alone; with BENCH_RATE, open loop. */
const onlyOrders = process.env.BENCH_ONLY_ORDERS === '1';
const warmupOrders = Number(process.env.BENCH_WARMUP ?? 3);
/** How long to wait for the last order to complete, and for any progress at all. */
const timeoutSeconds = Number(process.env.BENCH_TIMEOUT_SECONDS ?? 900);
const stallSeconds = Number(process.env.BENCH_STALL_SECONDS ?? 60);
const pollMs = 100;
const budgetMs = 150;
const port = Number(process.env.BENCH_PORT ?? 3740);
const site = `http://127.0.0.1:${port}`;
const requestTimeoutMs = 60_000;
const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (values, p) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const stats = (values) => ({
  n: values.length,
  p50: percentile(values, 50),
  p99: percentile(values, 99),
  max: values.length ? Math.max(...values) : Number.NaN,
});
/** Runs fn(i) for i < count, starting one every 1000/perSecond ms whatever the earlier ones are doing. */
const atRate = async (count, perSecond, fn) => {
  const t0 = performance.now();
  const started = [];
  let late = 0;
  for (let i = 0; i < count; i++) {
    const due = t0 + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    else if (wait < -50) late += 1;
    started.push(fn(i));
  }
  return { results: await Promise.all(started), late };
};
const productCpuMs = () => processTreeCpuMs(product.pid);
const load = () =>
  loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ');
const ms = (v) => (Number.isFinite(v) ? String(Math.round(v)) : '-');
const seconds = (v) => (Number.isFinite(v) ? (v / 1000).toFixed(1) : '-');

/** Runs fn over items with at most `limit` in flight; keeps results in order. */
const inPool = async (items, limit, fn) => {
  const results = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  });
  await Promise.all(lanes);
  return results;
};

/** One timed HTTP request; a network error or timeout is an answer with status 0. */
const timed = async (url, init) => {
  const startedAt = Date.now();
  const t0 = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(requestTimeoutMs) });
    const text = await response.text();
    return {
      startedAt,
      ms: performance.now() - t0,
      status: response.status,
      location: response.headers.get('location'),
      text,
    };
  } catch (error) {
    return { startedAt, ms: performance.now() - t0, status: 0, location: null, text: String(error) };
  }
};

const buyer = (i, warmup = false) => ({
  fullName: `${warmup ? 'Warmup' : 'Bench'} Buyer ${i}`,
  email: `${warmup ? 'warmup' : 'bench'}-${i}@checkout-bench.example`,
  // Albanian mobiles (+355 69 and seven digits): valid for libphonenumber, distinct per buyer.
  phoneNumber: `+35569${(warmup ? 4_000_000 : 5_000_000) + i}`,
});

/**
 * A signed-out order needs a solved human check (as forgot-password does). A browser solves it while the buyer
 * types; here solving costs ~15 ms of the bench's CPU per buyer on the product's cores, so the measured buyers'
 * proofs are solved before measuring (`proofs`), never beside the requests being timed.
 */
const humanProof = async () => {
  const challenge = await (await fetch(`${site}/api/human-challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
};

/** Proofs solved ahead for the measured buyers (index i for buyer i); challenges stay valid 10 minutes. */
let proofs = [];
const createOrder = async (packageSlug, person, proof) => {
  proof ??= await humanProof();
  return timed(`${site}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ packageSlug, ...person, humanProof: proof }),
  });
};

/** The hosted test-card page's form post, then the return page's confirmation, as a browser would do. */
const pay = async (order) => {
  const submit = await timed(order.checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(card).toString(),
    redirect: 'manual',
  });
  const location = submit.location ? new URL(submit.location, site) : null;
  const submitOk = submit.status === 303 && location?.pathname === '/payment/success';
  let confirm = null;
  if (submitOk) {
    confirm = await timed(`${site}/api/orders/${order.orderId}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: location.searchParams.get('session_id') }),
    });
    let outcome = null;
    try {
      outcome = JSON.parse(confirm.text).outcome;
    } catch {}
    confirm.ok = confirm.status === 200 && outcome === 'succeeded';
    confirm.outcome = outcome ?? `HTTP ${confirm.status}`;
  }
  return { submit: { ...submit, ok: submitOk }, confirm };
};

// ---------------------------------------------------------------------------------------------------------

const database = createBenchDatabase();
const product = startProduct(database.url, port, {
  stdout: 'pipe',
  env: {
    // The sandbox provider posts its webhook to SITE_URL; 127.0.0.1 avoids localhost resolving to ::1.
    SITE_URL: site,
    RATE_LIMIT_PER_MINUTE: '1000000000',
    // BENCH_LOG_LEVEL=info: request logging on, as production runs.
    ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
  },
  nodeArgs: cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [],
});
/** Warnings and errors the server logged (pino JSON on stdout) while measuring, by message. */
const serverLog = new Map();
let measuring = false;
createInterface({ input: product.stdout }).on('line', (line) => {
  try {
    const entry = JSON.parse(line);
    if (measuring && entry.level >= 40) {
      const key = `${entry.level >= 50 ? 'error' : 'warn'}: ${entry.msg}`;
      serverLog.set(key, (serverLog.get(key) ?? 0) + 1);
    }
  } catch {}
});
const db = new pg.Client({ connectionString: database.url });

/** Stops the product and drops the database, once (a signal and the normal end share the same run). */
let cleaning = null;
const cleanup = () => {
  cleaning ??= (async () => {
    await db.end().catch(() => undefined);
    if (product.exitCode === null && product.signalCode === null) {
      const exited = new Promise((r) => product.once('exit', r));
      product.kill('SIGTERM');
      const graceful = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
      if (!graceful) {
        product.kill('SIGKILL');
        await exited;
      }
    }
    database.drop();
  })();
  return cleaning;
};
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the product and dropping the bench database`);
    cleanup().finally(() => process.exit(130));
  });

/** Thrown to skip payment, completion and the report (BENCH_ONLY_ORDERS); top-level code cannot return. */
class FinishedEarly extends Error {}
const failures = [];
const check = (ok, message) => {
  if (!ok) failures.push(message);
  return ok;
};

try {
  await waitFor(`${site}/api/health`);
  await db.connect();

  const catalogue = await (await fetch(`${site}/api/catalogue/packages?type=local`)).json();
  const slugs = catalogue.items.slice(0, 4).map((p) => p.slug);
  if (slugs.length === 0) throw new Error('the catalogue has no local packages');

  // Warm-up: a few complete purchases (JIT, connection pool, pg-boss queue), not measured.
  const warm = await inPool(
    Array.from({ length: warmupOrders }, (_, i) => i),
    warmupOrders,
    async (i) => {
      const r = await createOrder(slugs[i % slugs.length], buyer(i, true));
      if (r.status !== 201) throw new Error(`warm-up order answered ${r.status}: ${r.text.slice(0, 300)}`);
      const order = JSON.parse(r.text);
      await pay(order);
      return order.orderId;
    },
  );

  // Their fulfilment (QR code, invoice PDF) must not overlap the measurements.
  const warmDeadline = Date.now() + 120_000;
  while (Date.now() < warmDeadline) {
    // Completed, and its confirmation e-mail rendered (it is rendered after completion).
    const { rows } = await db.query(
      `select count(*)::int as n from orders o where id = any($1::uuid[]) and status = 'completed'
          and exists (select 1 from outbox m where m.to = o.buyer_email and m.subject like '%' || o.number)`,
      [warm],
    );
    if (rows[0].n === warm.length) break;
    await sleep(pollMs);
  }

  const solveStart = performance.now();
  proofs = [];
  for (let i = 0; i < buyers; i++) proofs.push(await humanProof());
  console.log(`${buyers} human checks solved ahead in ${seconds(performance.now() - solveStart)} s`);

  const loadAtStart = load();
  console.log(`machine load (1 / 5 / 15 min) before measuring: ${loadAtStart} on ${cpus().length} cores`);
  const cpuAtStart = productCpuMs();
  const postgresCpuAtStart = postgresCpuMs();
  const benchCpuAtStart = process.cpuUsage();
  measuring = true;
  let created;
  let paid;
  let orders;
  let phase1Ms = Number.NaN;
  let phase2Ms = Number.NaN;
  let late = 0;
  const createFor = async (i) => {
    const r = await createOrder(slugs[i % slugs.length], buyer(i), proofs[i]);
    return { ...r, order: r.status === 201 ? JSON.parse(r.text) : null };
  };
  if (onlyOrders) {
    const shape = openLoop ? `${rate} arriving a second` : `${concurrency} in flight`;
    console.log(`order writes only: ${buyers} orders, ${shape} …`);
    const t0 = performance.now();
    if (openLoop) {
      const run = await atRate(buyers, rate, createFor);
      created = run.results;
      late = run.late;
    } else
      created = await inPool(
        Array.from({ length: buyers }, (_, i) => i),
        concurrency,
        createFor,
      );
    const wallMs = performance.now() - t0;
    const cpuMs = (productCpuMs() - cpuAtStart) / buyers;
    const s = stats(created.map((r) => r.ms));
    const errors = created.filter((r) => r.status !== 201).length;
    const line =
      `order writes only: ${buyers} orders, ${shape}${late ? ` (${late} started late)` : ''}, ` +
      `${Math.round(buyers / (wallMs / 1000))} orders/s, ` +
      `p50 ${ms(s.p50)} ms, p99 ${ms(s.p99)} ms, ${errors} errors; server CPU ${cpuMs.toFixed(2)} ms per order; ` +
      `load ${loadAtStart} before, ${load()} after`;
    console.log(line);
    check(errors === 0, `${errors} order creations failed`);
    throw new FinishedEarly();
  }
  if (openLoop) {
    // Open loop: each buyer arrives on schedule and goes straight through order, card and return page.
    console.log(`open loop: ${rate} buyers/s for ${durationSeconds} s (${buyers} buyers) …`);
    const t0 = performance.now();
    const run = await atRate(buyers, rate, async (i) => {
      const create = await createFor(i);
      return { create, pay: create.order ? await pay(create.order) : null };
    });
    phase1Ms = performance.now() - t0;
    late = run.late;
    created = run.results.map((r) => r.create);
    orders = run.results.filter((r) => r.create.order).map((r) => r.create.order);
    paid = run.results.filter((r) => r.pay).map((r) => r.pay);
  } else {
    // Phase 1: order creation.
    console.log(`phase 1: ${buyers} buyers create orders (concurrency ${concurrency}) …`);
    const phase1Start = performance.now();
    created = await inPool(
      Array.from({ length: buyers }, (_, i) => i),
      concurrency,
      createFor,
    );
    phase1Ms = performance.now() - phase1Start;
    orders = created.filter((r) => r.order).map((r) => r.order);
    // Phase 2: every buyer submits the card form (at once, or spread evenly), then confirms on the return page.
    console.log(
      `phase 2: ${orders.length} buyers pay ${payWithinSeconds > 0 ? `within ${payWithinSeconds} s` : 'at once'} …`,
    );
    const phase2Start = performance.now();
    if (payWithinSeconds > 0) {
      const run = await atRate(orders.length, orders.length / payWithinSeconds, (i) => pay(orders[i]));
      paid = run.results;
      late = run.late;
    } else paid = await inPool(orders, concurrency, pay);
    phase2Ms = performance.now() - phase2Start;
  }
  const loadAfter = load();
  const createErrors = created.filter((r) => r.status !== 201);
  for (const e of createErrors.slice(0, 5))
    console.error(`order creation failed: HTTP ${e.status} ${e.text.slice(0, 300)}`);
  check(createErrors.length === 0, `${createErrors.length} order creations failed`);
  const submitErrors = paid.filter((p) => !p.submit.ok);
  const confirmErrors = paid.filter((p) => p.submit.ok && !p.confirm?.ok);
  for (const p of submitErrors.slice(0, 5))
    console.error(
      `card submit failed: HTTP ${p.submit.status} → ${p.submit.location} ${p.submit.text.slice(0, 200)}`,
    );
  for (const p of confirmErrors.slice(0, 5))
    console.error(`return confirm: ${p.confirm?.outcome} ${p.confirm?.text.slice(0, 200)}`);
  check(
    submitErrors.length === 0,
    `${submitErrors.length} card submits did not redirect to the success page`,
  );
  check(
    confirmErrors.length === 0,
    `${confirmErrors.length} return confirmations did not answer "succeeded"`,
  );

  // Completion, watched in the database rather than through the API.
  const ids = orders.map((o) => o.orderId);
  const deadline = Date.now() + timeoutSeconds * 1000;
  let done = 0;
  let lastProgress = Date.now();
  let lastReport = Date.now();
  let rows = [];
  while (Date.now() < deadline && Date.now() - lastProgress < stallSeconds * 1000) {
    ({ rows } = await db.query(
      'select id, number, status, paid_at, completed_at, fulfilment_attempts, buyer_email from orders where id = any($1::uuid[])',
      [ids],
    ));
    const finished = rows.filter((r) => r.status !== 'pending' && r.status !== 'paid').length;
    if (finished > done) {
      done = finished;
      lastProgress = Date.now();
    }
    if (done === ids.length) break;
    if (Date.now() - lastReport >= 10_000) {
      lastReport = Date.now();
      console.log(`  ${done}/${ids.length} orders finished`);
    }
    await sleep(pollMs);
  }
  // Confirmation e-mails are rendered after completion, one at a time: wait for them before checking them.
  const mailDeadline = Date.now() + timeoutSeconds * 1000;
  let mailsStored = 0;
  let mailsProgressAt = Date.now();
  while (Date.now() < mailDeadline && Date.now() - mailsProgressAt < stallSeconds * 1000) {
    const { rows: mailRows } = await db.query(
      `select count(*)::int as n from orders o where o.id = any($1::uuid[]) and o.status = 'completed'
          and exists (select 1 from outbox m where m.to = o.buyer_email and m.subject like '%' || o.number)`,
      [ids],
    );
    if (mailRows[0].n > mailsStored) {
      mailsStored = mailRows[0].n;
      mailsProgressAt = Date.now();
    }
    if (mailsStored >= rows.filter((r) => r.status === 'completed').length) break;
    await sleep(500);
  }
  const firstSubmit = Math.min(...paid.map((p) => p.submit.startedAt));
  const lastMailMs = Date.now() - firstSubmit;
  const cpuPerPurchase = (productCpuMs() - cpuAtStart) / buyers;
  const postgresCpuPerPurchase = (postgresCpuMs() - postgresCpuAtStart) / buyers;
  const benchCpu = process.cpuUsage(benchCpuAtStart);
  const benchCpuPerPurchase = (benchCpu.user + benchCpu.system) / 1000 / buyers;
  const byStatus = {};
  for (const r of rows) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  const completed = rows.filter((r) => r.status === 'completed');
  check(
    completed.length === buyers,
    `${completed.length}/${buyers} orders completed (${JSON.stringify(byStatus)})`,
  );

  // Per-order timings: card submit → paid → provider order placed → completed (one machine, one clock).
  const submitAt = new Map(paid.map((p, i) => [orders[i].orderId, p.submit.startedAt]));
  const jobs = (
    await db.query(
      `select data->>'orderId' as order_id, data->'check'->>'by' as by, state, started_on, completed_on,
              retry_count from pgboss.job where name = 'fulfil-order' and data->>'orderId' = any($1::text[])`,
      [ids],
    )
  ).rows;
  const jobsByOrder = new Map();
  for (const j of jobs) jobsByOrder.set(j.order_id, [...(jobsByOrder.get(j.order_id) ?? []), j]);
  const toCompleted = [];
  const toPaid = [];
  const queueWait = [];
  const jobRun = [];
  const completedBy = {};
  for (const r of completed) {
    const t = submitAt.get(r.id);
    toCompleted.push(r.completed_at.getTime() - t);
    if (r.paid_at) toPaid.push(r.paid_at.getTime() - t);
    const mine = jobsByOrder.get(r.id) ?? [];
    const started = mine
      .filter((j) => !j.by)
      .map((j) => j.started_on?.getTime())
      .filter(Boolean)
      .sort((a, b) => a - b)[0];
    // The job that was running when the order completed.
    const done = r.completed_at.getTime();
    const finisher = mine.find(
      (j) =>
        j.started_on && j.completed_on && j.started_on <= r.completed_at && j.completed_on >= r.completed_at,
    );
    const by = finisher ? (finisher.by ?? 'place') : 'unknown';
    completedBy[by] = (completedBy[by] ?? 0) + 1;
    if (started && r.paid_at && done) {
      queueWait.push(started - r.paid_at.getTime());
      jobRun.push(r.completed_at.getTime() - started);
    }
  }

  // Exactly-once checks.
  const packageDupes = (
    await db.query(
      'select order_id, count(*)::int as n from esim_packages where order_id = any($1::uuid[]) group by order_id having count(*) > 1',
      [ids],
    )
  ).rows;
  check(packageDupes.length === 0, `${packageDupes.length} orders have more than one eSIM package`);
  const esimCounts = (
    await db.query(
      `select o.id, count(e.id)::int as n from orders o left join esims e on e.order_id = o.id
        where o.id = any($1::uuid[]) group by o.id`,
      [ids],
    )
  ).rows;
  const esimTotal = esimCounts.reduce((sum, r) => sum + r.n, 0);
  const notOneEsim = esimCounts.filter((r) => r.n !== 1).length;
  check(notOneEsim === 0, `${notOneEsim} orders do not have exactly one eSIM (${esimTotal} eSIMs in all)`);
  const mailCounts = (
    await db.query(
      `select o.id, count(m.id)::int as n from orders o
         left join outbox m on m.to = o.buyer_email and m.subject like '%' || o.number
        where o.id = any($1::uuid[]) group by o.id`,
      [ids],
    )
  ).rows;
  const notOneMail = mailCounts.filter((r) => r.n !== 1).length;
  check(notOneMail === 0, `${notOneMail} orders do not have exactly one confirmation e-mail`);
  const oneAttempt = rows.filter((r) => r.fulfilment_attempts === 1).length;
  const placeJobs = ids.map((id) => (jobsByOrder.get(id) ?? []).filter((j) => !j.by).length);
  const onePlace = placeJobs.filter((n) => n === 1).length;
  const checkJobs = jobs.filter((j) => j.by).length;

  // Report.
  const create = stats(created.map((r) => r.ms));
  const submit = stats(paid.map((p) => p.submit.ms));
  const confirm = stats(paid.filter((p) => p.confirm).map((p) => p.confirm.ms));
  const budget = (s) => (s.p99 <= budgetMs ? 'met' : 'MISSED');
  const row = (name, s, errors, b = '') =>
    `| ${name} | ${s.n} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.max)} | ${errors} | ${b} |`;
  const rowS = (name, s) =>
    `| ${name} | ${s.n} | ${seconds(s.p50)} s | ${seconds(s.p99)} s | ${seconds(s.max)} s | | |`;
  const warnings = [...serverLog.entries()].map(([k, n]) => `${k} (${n}×)`);
  const shape = openLoop
    ? `Open loop: ${rate} buyers/s for ${durationSeconds} s (${buyers} buyers), each creating, paying and ` +
      `confirming as soon as it arrives${late ? ` (${late} arrivals started over 50 ms late: the client fell behind)` : ''}`
    : `${buyers} buyers, orders created ${Math.min(concurrency, buyers)} at a time, then ` +
      (payWithinSeconds > 0
        ? `card submits spread evenly over ${payWithinSeconds} s${late ? ` (${late} started over 50 ms late)` : ''}`
        : `all paying at once (${Math.min(concurrency, buyers)} in flight)`);
  const lines = [
    `${shape}. PostgreSQL, sandbox card payments (test card 4242…), sandbox eSIM provider (2 s allocation, ` +
      `ORDER_STATUS notice), ${processes === 1 ? 'one product process' : `${processes} product processes`}, ` +
      `${slugs.length} local packages; ${warmupOrders} warm-up purchases before measuring. Machine load ` +
      `(1 / 5 / 15 min) ${loadAtStart} before, ${loadAfter} after, on ${cpus().length} cores (shared).`,
    '',
    '| Step | n | p50 (ms) | p99 (ms) | max (ms) | errors | budget (p99 ≤ 150 ms) |',
    '|---|---|---|---|---|---|---|',
    row('order creation (`POST /api/orders`)', create, createErrors.length, budget(create)),
    row('card submit (`POST /sandbox/checkout/:id` → 303)', submit, submitErrors.length, budget(submit)),
    row('return confirm (`POST /api/orders/:id/confirm`)', confirm, confirmErrors.length, budget(confirm)),
    rowS('payment → completed (card submit to `completed_at`)', stats(toCompleted)),
    rowS('· card submit → paid', stats(toPaid)),
    rowS('· paid → provider order placed (queue wait)', stats(queueWait)),
    rowS('· placed → completed (allocation, notice or poll)', stats(jobRun)),
    '',
    (openLoop
      ? `The ${buyers} purchases took ${seconds(phase1Ms)} s; `
      : `Order creation took ${seconds(phase1Ms)} s for all ${buyers} (${Math.round(buyers / (phase1Ms / 1000))} orders/s); ` +
        `payment submits and confirms ${seconds(phase2Ms)} s; `) +
      `the last order completed ${seconds(stats(toCompleted).max)} s after its card submit, and the last ` +
      `confirmation e-mail was stored ${seconds(lastMailMs)} s after the first card submit. Server CPU per ` +
      `purchase (order, card, webhook, confirm, fulfilment; user + system time of the product's processes): ` +
      `${cpuPerPurchase.toFixed(1)} ms; PostgreSQL's processes ${postgresCpuPerPurchase.toFixed(1)} ms; this load ` +
      `generator ${benchCpuPerPurchase.toFixed(1)} ms, all on the same ${cpus().length} cores (so at most ` +
      `${Math.floor((cpus().length * 1000) / (cpuPerPurchase + postgresCpuPerPurchase + benchCpuPerPurchase))} ` +
      'purchases/s fit them).',
    '',
    `Checks: ${completed.length}/${buyers} orders completed; ${esimTotal} eSIMs, ${notOneEsim} orders without ` +
      `exactly one; ${packageDupes.length} orders with a second eSIM package; ${notOneMail} orders without ` +
      `exactly one confirmation e-mail; fulfilment attempts = 1 for ${oneAttempt}/${rows.length}; ` +
      `one place job for ${onePlace}/${ids.length}, ${checkJobs} allocation checks in all; completed by ` +
      `${Object.entries(completedBy)
        .map(([k, n]) => `${k === 'provider' ? 'the provider notice' : k === 'poll' ? 'a poll' : k} ${n}`)
        .join(', ')}. ` +
      (failures.length ? `**FAILED:** ${failures.join('; ')}.` : 'No order was fulfilled twice.'),
    ...(warnings.length ? ['', `Server warnings/errors logged: ${warnings.join(', ')}.`] : []),
  ];
  console.log(`\n${lines.join('\n')}`);
  if (process.env.BENCH_RECORD !== '0') record('bench:checkout', lines);
} catch (error) {
  if (error instanceof FinishedEarly) {
    await cleanup();
    process.exit(failures.length ? 1 : 0);
  }
  // After an interrupt the queries fail because cleanup closed the connection: nothing to report.
  if (!interrupted) {
    failures.push(error instanceof Error ? error.message : String(error));
    console.error(error);
  }
} finally {
  await cleanup();
}
if (failures.length && !interrupted) {
  console.error(`\nbench:checkout FAILED:\n  - ${failures.join('\n  - ')}`);
  process.exitCode = 1;
}
