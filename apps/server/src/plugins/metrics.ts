import cluster from 'node:cluster';
import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { Database } from '@esim/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AggregatorRegistry, collectDefaultMetrics, Gauge, Histogram, register } from 'prom-client';
import type { Config } from '../config';
import { sendApiNotFound } from './errors';

/**
 * Prometheus metrics (`GET /metrics`). Request latency is measured in each process; queue, outbox and order
 * figures are read from the database at scrape time, so every process reports the same value (aggregated
 * with `first`, never summed). Under node:cluster a scrape answered by any worker returns all workers' metrics.
 */
const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer a request, by route pattern',
  labelNames: ['method', 'route', 'status_code'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10],
});

/** Records one answered request (Fastify's own requests below; the answer replay's from app.ts). */
export const observeRequest = (method: string, route: string, statusCode: number, seconds: number) =>
  httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds);

// The database the scrape-time gauges read; the last app built in this process wins (one per process in
// production; tests build several on one database).
let source: Database | null = null;

const rows = async <T>(text: string) =>
  source ? ((await source.executeSql(text)).rows as T[]) : ([] as T[]);

/** A gauge set from one query at scrape time; a failed query (database away) leaves it empty. */
const scrapeGauge = <T>(
  name: string,
  help: string,
  labelNames: string[],
  query: string,
  fill: (gauge: Gauge, rows: T[]) => void,
) =>
  new Gauge({
    name,
    help,
    labelNames,
    aggregator: 'first',
    async collect() {
      this.reset();
      try {
        fill(this, await rows<T>(query));
      } catch {
        // No figure rather than a failed scrape: the health check reports the database.
      }
    },
  });

type QueueRow = { name: string; state: string; n: number; age: number | null };
const queueQuery = `select name, state, count(*)::int as n,
    extract(epoch from now() - min(created_on))::float8 as age
  from pgboss.job where state in ('created', 'retry', 'active') group by name, state`;
scrapeGauge<QueueRow>(
  'esim_job_queue_depth',
  'Jobs waiting (created, retry) or running (active), by queue',
  ['queue', 'state'],
  queueQuery,
  (gauge, list) => {
    for (const r of list) gauge.set({ queue: r.name, state: r.state }, r.n);
  },
);
scrapeGauge<QueueRow>(
  'esim_job_queue_oldest_age_seconds',
  'Age of the oldest job in each state, by queue',
  ['queue', 'state'],
  queueQuery,
  (gauge, list) => {
    for (const r of list) gauge.set({ queue: r.name, state: r.state }, r.age ?? 0);
  },
);

type OutboxRow = { channel: string; n: number; age: number | null };
const outboxQuery = `select channel, count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as age
  from outbox where status = 'pending' group by channel`;
scrapeGauge<OutboxRow>(
  'esim_outbox_backlog',
  'Messages waiting for delivery, by channel',
  ['channel'],
  outboxQuery,
  (gauge, list) => {
    for (const r of list) gauge.set({ channel: r.channel }, r.n);
  },
);
scrapeGauge<OutboxRow>(
  'esim_outbox_oldest_age_seconds',
  'Age of the oldest undelivered message, by channel',
  ['channel'],
  outboxQuery,
  (gauge, list) => {
    for (const r of list) gauge.set({ channel: r.channel }, r.age ?? 0);
  },
);

// Orders completed in the last 15 minutes (orders_status_idx narrows to recent completed rows).
type LatencyRow = { q50: number | null; q90: number | null; q99: number | null; n: number };
scrapeGauge<LatencyRow>(
  'esim_order_payment_to_completed_seconds',
  'Payment to completed order, quantiles over orders completed in the last 15 minutes',
  ['quantile'],
  `select percentile_cont(0.5) within group (order by s) as q50, percentile_cont(0.9) within group (order by s) as q90,
      percentile_cont(0.99) within group (order by s) as q99, count(*)::int as n
    from (select extract(epoch from completed_at - paid_at)::float8 as s from orders
      where fulfilment_status = 'completed' and created_at > now() - interval '1 day'
        and completed_at > now() - interval '15 minutes' and paid_at is not null) recent`,
  (gauge, [r]) => {
    if (!r || r.n === 0) return;
    gauge.set({ quantile: '0.5' }, r.q50 ?? 0);
    gauge.set({ quantile: '0.9' }, r.q90 ?? 0);
    gauge.set({ quantile: '0.99' }, r.q99 ?? 0);
  },
);
type WaitingRow = { n: number; age: number | null };
scrapeGauge<WaitingRow>(
  'esim_orders_paid_waiting',
  'Paid orders not yet completed or failed',
  [],
  `select count(*)::int as n from orders where status = 'paid'`,
  (gauge, [r]) => gauge.set(r?.n ?? 0),
);
scrapeGauge<WaitingRow>(
  'esim_orders_paid_oldest_age_seconds',
  'How long the oldest paid, unfinished order has waited since payment',
  [],
  `select extract(epoch from now() - min(paid_at))::float8 as age from orders where status = 'paid'`,
  (gauge, [r]) => gauge.set(r?.age ?? 0),
);

collectDefaultMetrics();
// prom-client answers the primary's requests for this worker's metrics only once an AggregatorRegistry exists.
if (cluster.isWorker) new AggregatorRegistry();

/** In a cluster worker: the primary gathers every worker's metrics (prom-client's AggregatorRegistry). */
const clusterMetrics = () =>
  new Promise<string>((resolve, reject) => {
    const id = `${process.pid}-${Date.now()}-${Math.random()}`;
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('metrics: the primary did not answer'));
    }, 5_000);
    const onMessage = (message: unknown) => {
      const m = message as { type?: string; id?: string; text?: string; error?: string };
      if (m?.type !== 'esim:metrics' || m.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (m.text !== undefined) resolve(m.text);
      else reject(new Error(m.error ?? 'metrics: no answer'));
    };
    process.on('message', onMessage);
    process.send?.({ type: 'esim:metrics-request', id });
  });

const bearer = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : null;
};

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export const allowList = (cidrs: string[]) => {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [address = '', bits = '0'] = cidr.split('/');
    list.addSubnet(address, Number(bits), isIP(address) === 6 ? 'ipv6' : 'ipv4');
  }
  return (ip: string) => {
    const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    const version = isIP(plain);
    return version !== 0 && list.check(plain, version === 6 ? 'ipv6' : 'ipv4');
  };
};

export const registerMetrics = (app: FastifyInstance, config: Config, database: Database) => {
  source = database;
  const { token, allowCidrs } = config.runtime.metrics;
  const allowed = allowList(allowCidrs);

  app.addHook('onResponse', async (request, reply) => {
    // Unmatched URLs share one label so scanners cannot grow the series without bound.
    observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    const given = bearer(request);
    const permitted = (token !== null && given !== null && sameSecret(given, token)) || allowed(request.ip);
    // Not found rather than forbidden: the endpoint does not exist for the public.
    if (!permitted) return sendApiNotFound(request, reply);
    const text = cluster.isWorker ? await clusterMetrics() : await register.metrics();
    return reply.type(register.contentType).header('Cache-Control', 'no-store').send(text);
  });
};
