#!/usr/bin/env node
// bench:portal (issue 11) — money under contention (DESIGN section 7): portal purchases for subscribers, paid by
// credits, against the real product on PostgreSQL.
//   one shop: BENCH_PURCHASES (200) purchases at once from one shop whose balance covers exactly BENCH_COVERED
//     (120) of them: exactly that many succeed, the others get INSUFFICIENT_CREDIT, nothing goes negative.
//   20 shops: BENCH_PURCHASES purchases at once spread over BENCH_SHOPS (20) shops, each covering 70 % of its own.
//   open loop: BENCH_RATE (50) purchases a second for BENCH_RATE_SECONDS (10) over the 20 shops, well funded;
//     budget p99 ≤ 150 ms (issue 11).
// After each phase the ledger check: per shop, the ledger's sum per bucket equals the shop's balances, no
// balance after an entry is negative, and the number of orders equals the number of successful purchases.
// BENCH_CPU_PROF=<dir> writes a CPU profile of the product (node --cpu-prof) when it stops.
// Exit code 1 when a check fails. BENCH_PORT (default 3760) is the product's port (and +1 its staff port).
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createBenchDatabase, machineLoad, processTreeCpuMs, record, startProduct, waitFor } from './lib.mjs';

const purchases = Number(process.env.BENCH_PURCHASES ?? 200);
const covered = Number(process.env.BENCH_COVERED ?? 120);
const shopCount = Number(process.env.BENCH_SHOPS ?? 20);
const rate = Number(process.env.BENCH_RATE ?? 50);
const rateSeconds = Number(process.env.BENCH_RATE_SECONDS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3760);
const site = `http://127.0.0.1:${port}`;
const budgetMs = 150;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (values, p) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const ms = (v) => (Number.isFinite(v) ? String(Math.round(v)) : '-');

const productCpuMs = () => processTreeCpuMs(product.pid);

const database = createBenchDatabase();
const cpuProfileDir = process.env.BENCH_CPU_PROF;
const product = startProduct(database.url, port, {
  env: { FULFILMENT_CONCURRENCY: '4' },
  nodeArgs: cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [],
});
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

let db;
const failures = [];
const check = (ok, what) => {
  if (!ok) failures.push(what);
  return ok ? 'ok' : 'FAILED';
};

const json = async (path, init = {}) => {
  const response = await fetch(`${site}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(init.headers ?? {}) },
  });
  return { status: response.status, body: await response.json().catch(() => null) };
};

/** A shop user (test support, APP_ENV=test) logged in to the portal. */
const newShop = async () => {
  const created = await json('/api/test/users', { method: 'POST', body: JSON.stringify({ kind: 'shop' }) });
  const { email, password } = created.body;
  const login = await json('/api/portal/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  const { rows } = await db.query('select shop_id from users where email = $1 and kind = $2', [
    email,
    'shop',
  ]);
  return { shopId: rows[0].shop_id, auth: { authorization: `Bearer ${login.body.access_token}` } };
};

/** Funds a shop as staff would: one adjustment ledger row and the balance, in one transaction. */
const fund = async (shopId, cents) => {
  const client = await db.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query(
      'update shops set credit_cents = credit_cents + $2 where id = $1 returning credit_cents, bonus_cents',
      [shopId, cents],
    );
    await client.query(
      `insert into credit_ledger (shop_id, kind, bucket, amount_cents, idempotency_key, credit_after_cents, bonus_after_cents)
       values ($1, 'adjustment', 'credit', $2, $3, $4, $5)`,
      [
        shopId,
        cents,
        `bench:${shopId}:${Date.now()}:${Math.random()}`,
        rows[0].credit_cents,
        rows[0].bonus_cents,
      ],
    );
    await client.query('commit');
  } finally {
    client.release();
  }
};

let sequence = 0;
const purchase = async (shop, slug) => {
  const t0 = performance.now();
  try {
    const response = await fetch(`${site}/api/portal/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', ...shop.auth },
      body: JSON.stringify({
        packageSlug: slug,
        idempotencyKey: `bench-${process.pid}-${sequence++}`,
        subscriber: {
          name: 'Bench',
          lastname: `Buyer ${sequence}`,
          email: `bench-${sequence}@portal-bench.example`,
          country: 'AL',
        },
      }),
      signal: AbortSignal.timeout(60_000),
    });
    const body = await response.json().catch(() => null);
    return { ms: performance.now() - t0, status: response.status, code: body?.code ?? null };
  } catch (error) {
    return { ms: performance.now() - t0, status: 0, code: String(error) };
  }
};

/** The ledger check for some shops: sums equal balances, nothing negative, orders = successes. */
const ledgerCheck = async (shopIds, expectedOrders) => {
  const { rows } = await db.query(
    `select s.id, s.credit_cents, s.bonus_cents,
       coalesce((select sum(amount_cents) from credit_ledger l where l.shop_id = s.id and l.bucket = 'credit'), 0)::int as credit_sum,
       coalesce((select sum(amount_cents) from credit_ledger l where l.shop_id = s.id and l.bucket = 'bonus'), 0)::int as bonus_sum,
       (select count(*) from credit_ledger l where l.shop_id = s.id and (l.credit_after_cents < 0 or l.bonus_after_cents < 0))::int as negative,
       (select count(*) from orders o where o.shop_id = s.id)::int as orders
     from shops s where s.id = any($1)`,
    [shopIds],
  );
  const sumsMatch = rows.every((r) => r.credit_cents === r.credit_sum && r.bonus_cents === r.bonus_sum);
  const negative = rows.reduce(
    (n, r) => n + r.negative + (r.credit_cents < 0 || r.bonus_cents < 0 ? 1 : 0),
    0,
  );
  const orders = rows.reduce((n, r) => n + r.orders, 0);
  return { sumsMatch, negative, orders, ok: sumsMatch && negative === 0 && orders === expectedOrders };
};

const summarise = (results) => {
  const times = results.map((r) => r.ms);
  const by = (status) => results.filter((r) => r.status === status).length;
  return {
    ok: by(201),
    insufficient: results.filter((r) => r.code === 'INSUFFICIENT_CREDIT').length,
    other: results.filter((r) => r.status !== 201 && r.code !== 'INSUFFICIENT_CREDIT').length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: Math.max(...times),
  };
};

const lines = [];
const report = (line) => {
  console.log(line);
  lines.push(line);
};

try {
  await waitFor(`${site}/api/health`, 180_000);
  db = new pg.Pool({ connectionString: database.url, max: 4 });
  const warm = await newShop();
  const list = await json('/api/portal/packages?type=local&pageSize=1', { headers: warm.auth });
  const pkg = list.body.items[0];
  const price = pkg.resellerPriceCents;
  report(
    `Package ${pkg.slug}, reseller price ${price} cents. Machine shared with other work (load ${machineLoad()}).`,
  );
  await fund(warm.shopId, price * 10);
  for (let i = 0; i < 5; i++) await purchase(warm, pkg.slug);

  // 1. One shop, 200 at once, balance covers exactly K.
  const one = await newShop();
  await fund(one.shopId, price * covered);
  let cpu0 = productCpuMs();
  const oneResults = await Promise.all(Array.from({ length: purchases }, () => purchase(one, pkg.slug)));
  const a = summarise(oneResults);
  a.cpu = (productCpuMs() - cpu0) / purchases;
  const aCheck = await ledgerCheck([one.shopId], covered);
  report('');
  report(
    `| phase | purchases | succeeded | insufficient credit | other | p50 ms | p99 ms | max ms | server CPU ms / purchase | ledger check |`,
  );
  report(`|---|---|---|---|---|---|---|---|---|---|`);
  report(
    `| one shop, covers ${covered} | ${purchases} | ${a.ok} ${check(a.ok === covered, 'one shop: successes')} | ${a.insufficient} | ${a.other} | ${ms(a.p50)} | ${ms(a.p99)} | ${ms(a.max)} | ${a.cpu.toFixed(1)} | sums ${aCheck.sumsMatch ? 'equal' : 'DIFFER'}, negative ${aCheck.negative}, orders ${aCheck.orders} ${check(aCheck.ok, 'one shop: ledger')} |`,
  );

  // 2. 200 at once over 20 shops, each covering 70 % of its share.
  const shops = [];
  for (let i = 0; i < shopCount; i++) shops.push(await newShop());
  const share = Math.ceil(purchases / shopCount);
  const each = Math.floor(share * 0.7);
  for (const shop of shops) await fund(shop.shopId, price * each);
  cpu0 = productCpuMs();
  const spreadResults = await Promise.all(
    Array.from({ length: share * shopCount }, (_, i) => purchase(shops[i % shopCount], pkg.slug)),
  );
  const b = summarise(spreadResults);
  b.cpu = (productCpuMs() - cpu0) / spreadResults.length;
  const bCheck = await ledgerCheck(
    shops.map((s) => s.shopId),
    each * shopCount,
  );
  report(
    `| ${shopCount} shops, each covers ${each} of ${share} | ${share * shopCount} | ${b.ok} ${check(b.ok === each * shopCount, 'spread: successes')} | ${b.insufficient} | ${b.other} | ${ms(b.p50)} | ${ms(b.p99)} | ${ms(b.max)} | ${b.cpu.toFixed(1)} | sums ${bCheck.sumsMatch ? 'equal' : 'DIFFER'}, negative ${bCheck.negative}, orders ${bCheck.orders} ${check(bCheck.ok, 'spread: ledger')} |`,
  );

  // 3. Open loop: `rate` purchases a second over the same shops, funded for all of them.
  const count = rate * rateSeconds;
  for (const shop of shops) await fund(shop.shopId, price * Math.ceil(count / shopCount));
  cpu0 = productCpuMs();
  const t0 = performance.now();
  const started = [];
  for (let i = 0; i < count; i++) {
    const wait = t0 + (i * 1000) / rate - performance.now();
    if (wait > 1) await sleep(wait);
    started.push(purchase(shops[i % shopCount], pkg.slug));
  }
  const c = summarise(await Promise.all(started));
  c.cpu = (productCpuMs() - cpu0) / count;
  const cCheck = await ledgerCheck(
    shops.map((s) => s.shopId),
    each * shopCount + c.ok,
  );
  report(
    `| open loop ${rate}/s for ${rateSeconds} s, ${shopCount} shops | ${count} | ${c.ok} ${check(c.ok === count, 'open loop: successes')} | ${c.insufficient} | ${c.other} | ${ms(c.p50)} | ${ms(c.p99)} ${c.p99 <= budgetMs ? '(≤ 150 budget)' : '(over the 150 budget)'} | ${ms(c.max)} | ${c.cpu.toFixed(1)} | sums ${cCheck.sumsMatch ? 'equal' : 'DIFFER'}, negative ${cCheck.negative}, orders ${cCheck.orders} ${check(cCheck.ok, 'open loop: ledger')} |`,
  );
  report('');
  report(
    `Load average after the run: ${machineLoad()}.${failures.length ? ` FAILED: ${failures.join('; ')}` : ''}`,
  );
  record('bench:portal', lines);
} catch (error) {
  console.error(error);
  failures.push(String(error));
} finally {
  await stop();
}
process.exit(failures.length ? 1 : 0);
