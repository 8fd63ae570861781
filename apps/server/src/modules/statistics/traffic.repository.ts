import { analyticsKinds, analyticsStatuses } from '@esim/contracts/staff';
import {
  type Db,
  orders,
  trafficDaily,
  trafficDailyCountries,
  trafficPageViews,
  trafficRollupRuns,
  users,
} from '@esim/db';
import { and, eq, gte, inArray, lt, lte, ne, type SQL, sql } from 'drizzle-orm';

/**
 * First-party traffic (ADR 0066-0068): page views in, the daily roll-ups the job rebuilds, and the screens'
 * reads, which touch only the roll-ups (a few hundred rows a day) and the customers' index.
 */

export type NewPageView = typeof trafficPageViews.$inferInsert;

export const insertPageViews = async (db: Db, rows: NewPageView[]) => {
  if (rows.length > 0) await db.insert(trafficPageViews).values(rows);
};

const startOf = (date: string) => sql`${`${date}T00:00:00Z`}::timestamptz`;
const endOf = (date: string) => sql`${`${date}T00:00:00Z`}::timestamptz + interval '1 day'`;

/** ADR 0049's sales, paid within the days: the same orders the orders analytics count. */
const countedOrders = (from: string, to: string) =>
  and(
    inArray(orders.kind, analyticsKinds),
    inArray(orders.status, analyticsStatuses),
    ne(orders.paymentMethod, 'free'),
    gte(orders.paidAt, startOf(from)),
    lt(orders.paidAt, endOf(to)),
  );

const text = (value: SQL) => sql`nullif(lower(left(trim(${value}), 100)), '')`;

/**
 * An order's source, the SQL twin of `trafficSourceOf` (contracts/traffic-rules.ts): utm_source, else facebook for
 * a click id, else the referring host, else direct. The exact-figures test holds the two together.
 */
export const orderSourceSql = sql<string>`coalesce(${text(sql`${orders.utmSource}`)}, case when nullif(trim(${orders.fbclid}), '') is not null then 'facebook' end, ${text(sql`${orders.referrerHost}`)}, 'direct')`;

/** The landing page's path (orders keep it with its query). */
export const orderLandingSql = sql<string>`coalesce(split_part(left(${orders.landingPage}, 200), '?', 1), '')`;
/** The order's campaign as the roll-up keeps it ('' for none). */
export const orderCampaignSql = sql<string>`coalesce(left(trim(${orders.utmCampaign}), 100), '')`;
const viewDay = sql`(${trafficPageViews.occurredAt} at time zone 'UTC')::date`;
const paidDay = sql`(${orders.paidAt} at time zone 'UTC')::date`;

/**
 * Rebuilds both roll-ups for the UTC days `from`…`to` in one transaction: the days' rows are deleted and summed
 * again from the page views and the counted orders, so a run is idempotent and a late order or a second run
 * changes nothing twice. Readers see the old days or the new ones, never a half.
 */
export const rebuildTrafficDays = (db: Db, from: string, to: string) =>
  db.transaction(async (tx) => {
    await tx.delete(trafficDaily).where(and(gte(trafficDaily.day, from), lte(trafficDaily.day, to)));
    await tx
      .delete(trafficDailyCountries)
      .where(and(gte(trafficDailyCountries.day, from), lte(trafficDailyCountries.day, to)));
    const viewsInDays = sql`${trafficPageViews.occurredAt} >= ${startOf(from)} and ${trafficPageViews.occurredAt} < ${endOf(to)}`;
    await tx.execute(sql`
      insert into ${trafficDaily} (day, source, campaign, landing_page, visits, sessions, orders, revenue_cents)
      select day, source, campaign, landing_page, sum(visits), sum(sessions), sum(orders), sum(revenue)
      from (
        select ${viewDay} as day, ${trafficPageViews.source} as source,
          coalesce(${trafficPageViews.campaign}, '') as campaign, ${trafficPageViews.landingPage} as landing_page,
          count(*) as visits, count(*) filter (where ${trafficPageViews.entry}) as sessions,
          0 as orders, 0 as revenue
        from ${trafficPageViews} where ${viewsInDays}
        group by 1, 2, 3, 4
        union all
        select ${paidDay}, ${orderSourceSql}, ${orderCampaignSql}, ${orderLandingSql},
          0, 0, count(*), sum(${orders.totalCents})
        from ${orders} where ${countedOrders(from, to)}
        group by 1, 2, 3, 4
      ) as days
      group by day, source, campaign, landing_page`);
    await tx.execute(sql`
      insert into ${trafficDailyCountries} (day, country, visits, sessions, orders, revenue_cents)
      select day, country, sum(visits), sum(sessions), sum(orders), sum(revenue)
      from (
        select ${viewDay} as day, coalesce(${trafficPageViews.country}, '') as country,
          count(*) as visits, count(*) filter (where ${trafficPageViews.entry}) as sessions,
          0 as orders, 0 as revenue
        from ${trafficPageViews} where ${viewsInDays}
        group by 1, 2
        union all
        select ${paidDay}, coalesce(${orders.country}, ''), 0, 0, count(*), sum(${orders.totalCents})
        from ${orders} where ${countedOrders(from, to)}
        group by 1, 2
      ) as days
      group by day, country`);
    await tx
      .insert(trafficRollupRuns)
      .values({ id: 'traffic', fromDay: from, toDay: to })
      .onConflictDoUpdate({
        target: trafficRollupRuns.id,
        set: { refreshedAt: sql`now()`, fromDay: from, toDay: to },
      });
  });

/** The first day with a page view or a counted order (a full rebuild starts there); null when none. */
export const firstTrafficDay = async (db: Db) => {
  const [views] = await db
    .select({
      day: sql<string | null>`to_char(min(${trafficPageViews.occurredAt}) at time zone 'UTC', 'YYYY-MM-DD')`,
    })
    .from(trafficPageViews);
  const [paid] = await db
    .select({ day: sql<string | null>`to_char(min(${orders.paidAt}) at time zone 'UTC', 'YYYY-MM-DD')` })
    .from(orders);
  const days = [views?.day, paid?.day].filter((d): d is string => typeof d === 'string').sort();
  return days[0] ?? null;
};

export const lastTrafficRefresh = async (db: Db) => {
  const [row] = await db
    .select({ at: trafficRollupRuns.refreshedAt })
    .from(trafficRollupRuns)
    .where(eq(trafficRollupRuns.id, 'traffic'));
  return row?.at ?? null;
};

/** ISO dates, UTC: the range (`to` counted) and the first day of the period before it. */
export type StatisticsRange = { from: string; to: string; previousFrom: string };

const sums = (table: typeof trafficDaily | typeof trafficDailyCountries, p: StatisticsRange) => {
  const current = sql`${table.day} >= ${p.from}`;
  const sum = (column: SQL, where: SQL) =>
    sql<number>`coalesce(sum(${column}) filter (where ${where}), 0)`.mapWith(Number);
  return {
    currentVisits: sum(sql`${table.visits}`, current),
    currentSessions: sum(sql`${table.sessions}`, current),
    currentOrders: sum(sql`${table.orders}`, current),
    currentRevenueCents: sum(sql`${table.revenueCents}`, current),
    previousVisits: sum(sql`${table.visits}`, sql`not ${current}`),
    previousSessions: sum(sql`${table.sessions}`, sql`not ${current}`),
    previousOrders: sum(sql`${table.orders}`, sql`not ${current}`),
    previousRevenueCents: sum(sql`${table.revenueCents}`, sql`not ${current}`),
  };
};

const inRange = (table: typeof trafficDaily | typeof trafficDailyCountries, p: StatisticsRange) =>
  and(gte(table.day, p.previousFrom), lte(table.day, p.to));

/** Visits, sessions, orders and revenue per UTC day of both periods, optionally of one source. */
export const trafficDays = (db: Db, p: StatisticsRange, source?: string) =>
  db
    .select({
      day: sql<string>`to_char(${trafficDaily.day}, 'YYYY-MM-DD')`,
      visits: sql<number>`sum(${trafficDaily.visits})`.mapWith(Number),
      sessions: sql<number>`sum(${trafficDaily.sessions})`.mapWith(Number),
      orders: sql<number>`sum(${trafficDaily.orders})`.mapWith(Number),
      revenueCents: sql<number>`sum(${trafficDaily.revenueCents})`.mapWith(Number),
    })
    .from(trafficDaily)
    .where(and(inRange(trafficDaily, p), source === undefined ? undefined : eq(trafficDaily.source, source)))
    .groupBy(trafficDaily.day);

export type TrafficGroup = 'source' | 'campaign' | 'landingPage';

/** Both periods' figures per source, or per campaign or landing page of one source. */
export const trafficByGroup = (db: Db, p: StatisticsRange, group: TrafficGroup, source?: string) => {
  const key =
    group === 'source'
      ? trafficDaily.source
      : group === 'campaign'
        ? trafficDaily.campaign
        : trafficDaily.landingPage;
  return db
    .select({ key: sql<string>`${key}`, ...sums(trafficDaily, p) })
    .from(trafficDaily)
    .where(and(inRange(trafficDaily, p), source === undefined ? undefined : eq(trafficDaily.source, source)))
    .groupBy(key);
};

/** Whether a source ever had a visit or an order (any day): otherwise its page is a 404. */
export const trafficSourceExists = async (db: Db, source: string) => {
  const rows = await db
    .select({ one: sql`1` })
    .from(trafficDaily)
    .where(eq(trafficDaily.source, source))
    .limit(1);
  return rows.length > 0;
};

/** Both periods' figures per visitor country ('' unknown). */
export const trafficByCountry = (db: Db, p: StatisticsRange) =>
  db
    .select({ key: trafficDailyCountries.country, ...sums(trafficDailyCountries, p) })
    .from(trafficDailyCountries)
    .where(inRange(trafficDailyCountries, p))
    .groupBy(trafficDailyCountries.country);

/**
 * Customers (not deleted) per country: registered in each period and in all up to the range's last day, from
 * `users_customers_created_idx` alone.
 */
export const customersByCountry = (db: Db, p: StatisticsRange) => {
  const current = sql`${users.createdAt} >= ${startOf(p.from)}`;
  const previous = sql`${users.createdAt} >= ${startOf(p.previousFrom)} and not ${current}`;
  return db
    .select({
      key: users.country,
      current: sql<number>`count(*) filter (where ${current})`.mapWith(Number),
      previous: sql<number>`count(*) filter (where ${previous})`.mapWith(Number),
      total: sql<number>`count(*)`.mapWith(Number),
      totalBefore: sql<number>`count(*) filter (where not ${current})`.mapWith(Number),
    })
    .from(users)
    .where(and(eq(users.kind, 'customer'), sql`${users.deletedAt} is null`, lt(users.createdAt, endOf(p.to))))
    .groupBy(users.country);
};
