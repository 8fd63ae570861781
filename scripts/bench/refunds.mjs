#!/usr/bin/env node
// bench:refunds (issue 31) — refunds under contention, against the real product on PostgreSQL:
//   BENCH_CLICKS (100) staff refund clicks at once, from two admins, on BENCH_ORDERS (20) card-paid orders:
//   half "refund all that is left", half a third of the order each (different reasons: separate refunds).
// Checks: per order, the refunded amount (pending + succeeded) never exceeds what was paid; each refund reached
// the payments sandbox exactly once under its key `refund-<id>` (counted at the sandbox); the sandbox's charges
// gave back exactly what our succeeded refunds say. Exit code 1 when a check fails.
// BENCH_PORT (default 3780) is the product's port (and +1 its staff port).
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createBenchDatabase, processTreeCpuMs, record, startProduct, waitFor } from './lib.mjs';

const clicks = Number(process.env.BENCH_CLICKS ?? 100);
const orderCount = Number(process.env.BENCH_ORDERS ?? 20);
const port = Number(process.env.BENCH_PORT ?? 3780);
const site = `http://127.0.0.1:${port}`;
const staff = `http://127.0.0.1:${port + 1}`;

const percentile = (values, p) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

const database = createBenchDatabase();
const product = startProduct(database.url, port);
let db;
let stopped = false;
const stop = async () => {
  if (stopped) return;
  stopped = true;
  if (product.exitCode === null && product.signalCode === null) {
    const exited = new Promise((r) => product.once('exit', r));
    product.kill('SIGTERM');
    const timer = setTimeout(() => product.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  }
  await db?.end().catch(() => {});
  database.drop();
};
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    void stop().then(() => process.exit(130));
  });

const failures = [];
const check = (ok, what) => {
  if (!ok) failures.push(what);
  return ok ? 'ok' : 'FAILED';
};

const json = async (url, init = {}) => {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(init.headers ?? {}) },
  });
  return { status: response.status, body: await response.json().catch(() => null) };
};

/** An admin (test support, APP_ENV=test) signed in to the staff API. */
const newAdmin = async () => {
  const created = await json(`${site}/api/test/users`, {
    method: 'POST',
    body: JSON.stringify({ kind: 'staff', role: 'admin' }),
  });
  const { email, password } = created.body;
  const login = await json(`${staff}/api/staff/auth/login`, {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  return { authorization: `Bearer ${login.body.access_token}` };
};

const click = async (auth, order, i) => {
  const t0 = performance.now();
  const amountCents = i % 2 === 0 ? 'full' : Math.ceil(order.totalCents / 3);
  const response = await json(`${staff}/api/staff/orders/${order.id}/refunds`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ amountCents, kind: 'order', reason: `Bench click ${i}` }),
    signal: AbortSignal.timeout(60_000),
  }).catch((error) => ({ status: 0, body: { code: String(error) } }));
  return { ms: performance.now() - t0, status: response.status, code: response.body?.code ?? null };
};

try {
  await waitFor(`${site}/api/health`);
  db = new pg.Pool({ connectionString: database.url, max: 2 });
  const admins = [await newAdmin(), await newAdmin()];
  const orders = [];
  for (let i = 0; i < orderCount; i++) {
    const created = await json(`${site}/api/test/failed-orders`, {
      method: 'POST',
      body: JSON.stringify({ buyerEmail: `bench-refund-${i}@refunds-bench.example`, paidByCard: true }),
    });
    if (created.status !== 201) throw new Error(`test/failed-orders answered ${created.status}`);
    const { rows } = await db.query('select total_cents from orders where id = $1', [created.body.id]);
    orders.push({ id: created.body.id, totalCents: rows[0].total_cents });
  }

  const cpu0 = processTreeCpuMs(product.pid);
  const t0 = performance.now();
  const results = await Promise.all(
    Array.from({ length: clicks }, (_, i) => click(admins[i % 2], orders[i % orderCount], i)),
  );
  const wallMs = performance.now() - t0;
  const cpuMs = processTreeCpuMs(product.pid) - cpu0;

  const made = results.filter((r) => r.status === 201).length;
  const refused = results.filter((r) => r.status === 409 || r.status === 422).length;
  const other = results.filter((r) => ![201, 409, 422].includes(r.status));

  const ids = orders.map((o) => o.id);
  const { rows: perOrder } = await db.query(
    `select o.id, o.total_cents,
       coalesce((select sum(r.amount_cents) from refunds r where r.order_id = o.id and r.status in ('pending', 'succeeded')), 0)::int as refunded,
       coalesce((select sum(r.amount_cents) from refunds r where r.order_id = o.id and r.status = 'succeeded'), 0)::int as succeeded,
       (select s.refunded_cents from sandbox_payment_sessions s join payments p on p.session_ref = s.id where p.order_id = o.id) as sandbox_refunded
     from orders o where o.id = any($1)`,
    [ids],
  );
  const { rows: perRefund } = await db.query(
    `select r.id, (select count(*) from sandbox_refunds s where s.idempotency_key = 'refund-' || r.id)::int as reached
     from refunds r where r.order_id = any($1)`,
    [ids],
  );
  const overRefunded = perOrder.filter((o) => o.refunded > o.total_cents);
  const mismatched = perOrder.filter((o) => o.sandbox_refunded !== o.succeeded);
  const notOnce = perRefund.filter((r) => r.reached !== 1);

  const lines = [
    `${clicks} refund clicks at once on ${orderCount} card-paid orders (sandbox provider), two admins; half "all that is left", half a third each.`,
    '',
    '| measure | value |',
    '|---|---|',
    `| refunds made / refused (nothing left or above what is left) / other answers | ${made} / ${refused} / ${other.length} |`,
    `| latency p50 / p99 / max (ms) | ${Math.round(
      percentile(
        results.map((r) => r.ms),
        50,
      ),
    )} / ${Math.round(
      percentile(
        results.map((r) => r.ms),
        99,
      ),
    )} / ${Math.round(Math.max(...results.map((r) => r.ms)))} |`,
    `| wall time (ms), product CPU (ms) | ${Math.round(wallMs)}, ${Math.round(cpuMs)} |`,
    `| orders refunded above what was paid | ${overRefunded.length} (${check(overRefunded.length === 0, 'an order was refunded above what was paid')}) |`,
    `| refunds that reached the provider other than exactly once | ${notOnce.length} of ${perRefund.length} (${check(notOnce.length === 0 && perRefund.length === made, 'a refund did not reach the provider exactly once')}) |`,
    `| orders where the provider gave back other than our succeeded refunds | ${mismatched.length} (${check(mismatched.length === 0, 'the sandbox and our refunds disagree')}) |`,
    `| unexpected answers | ${other.length} (${check(other.length === 0, `unexpected answers: ${JSON.stringify(other.slice(0, 3))}`)}) |`,
  ];
  console.log(lines.join('\n'));
  record('bench:refunds', lines);
} catch (error) {
  failures.push(String(error?.stack ?? error));
} finally {
  await stop();
}
if (failures.length > 0) {
  console.error(`bench:refunds FAILED:\n${failures.join('\n')}`);
  process.exit(1);
}
