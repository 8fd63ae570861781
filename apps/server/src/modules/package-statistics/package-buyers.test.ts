import { orderKinds, orderStatuses } from '@esim/contracts';
import { analyticsKinds, analyticsStatuses } from '@esim/contracts/staff';
import { type Db, orders, packages, seedUser } from '@esim/db';
import { and, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { storedAs } from '../../test/stored-status';
import { packageBuyers } from './package-statistics.repository';

// ADR 0088: one package's buyers, grouped from the index first and named from each page buyer's latest order
// after, answer exactly what ADR 0072's query over the orders answered (kept here as the reference): the same
// buyers in the same order, page by page, with the same latest name, address and country, on random orders with
// accounts, guests whose addresses differ in case, and payments at the same instant.

let ctx: TestContext;
let packageIds: string[] = [];
const userIds: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.deps.db;
  packageIds = (
    await db
      .insert(packages)
      .values(
        ['a', 'b'].map((x) => ({
          slug: `buyers-${x}`,
          type: 'local' as const,
          name: `Buyers ${x}`,
          validityDays: 30,
          priceCents: 1000,
          wholesaleCents: 400,
          provider: 'sandbox',
          providerPackageCode: `buyers-${x}`,
        })),
      )
      .returning({ id: packages.id })
  ).map((p) => p.id);
  for (let i = 0; i < 3; i++) userIds.push((await seedUser(db)).id);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

/** ADR 0072's buyer list, straight from the orders. */
const buyerKey = sql`coalesce(${orders.userId}::text, lower(${orders.buyerEmail}))`;
const latest = <T>(column: unknown) =>
  sql<T>`(array_agg(${column} order by ${orders.paidAt} desc, ${orders.id} desc))[1]`;
const reference = (
  db: Db,
  range: { from: string; to: string },
  packageId: string,
  page: { page: number; pageSize: number },
) =>
  db
    .select({
      userId: sql<string | null>`(array_agg(${orders.userId}))[1]`,
      name: latest<string>(orders.buyerName),
      email: latest<string>(orders.buyerEmail),
      country: latest<string | null>(orders.country),
      orders: sql<number>`count(*)`.mapWith(Number),
      revenueCents: sql<number>`sum(${orders.totalCents})`.mapWith(Number),
      lastPaidAt: sql<Date>`max(${orders.paidAt})`.mapWith((v: string | Date) => new Date(v)),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        eq(orders.packageId, packageId),
        gte(orders.paidAt, sql`${`${range.from}T00:00:00Z`}::timestamptz`),
        lt(orders.paidAt, sql`${`${range.to}T00:00:00Z`}::timestamptz + interval '1 day'`),
        inArray(orders.kind, analyticsKinds),
        inArray(orders.status, analyticsStatuses),
        ne(orders.paymentMethod, 'free'),
      ),
    )
    .groupBy(buyerKey)
    .orderBy(desc(sql`sum(${orders.totalCents})`), buyerKey)
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);

// A handful of instants in May 2013, so one buyer often pays twice at the same instant.
const firstDay = Date.parse('2013-05-01T00:00:00Z');
const orderArb = fc.record({
  kind: fc.constantFrom(...orderKinds),
  status: fc.constantFrom(...orderStatuses),
  paymentMethod: fc.constantFrom('card', 'credits', 'gift_card', 'free'),
  user: fc.option(fc.nat({ max: 2 }), { freq: 2 }),
  email: fc.constantFrom(
    'guest@example.test',
    'Guest@Example.test',
    'other@example.test',
    'third@example.test',
  ),
  name: fc.constantFrom('Arta', 'Ben', 'Cleo'),
  country: fc.constantFrom('AL', 'XK', null),
  pkg: fc.nat({ max: 1 }),
  totalCents: fc.constantFrom(0, 500, 1000, 1500),
  paidAt: fc.option(fc.nat({ max: 8 }), { freq: 8 }).map((i) => (i === null ? null : i * 3 * 86_400_000)),
});

let n = 0;

describe("one package's buyers (ADR 0088)", () => {
  it('answer exactly what the orders answered, page by page', async () => {
    const db = ctx.deps.db;
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(orderArb, { minLength: 1, maxLength: 40 }),
        fc.record({ start: fc.nat({ max: 20 }), days: fc.integer({ min: 1, max: 30 }) }),
        fc.integer({ min: 1, max: 4 }),
        async (batch, { start, days }, pageSize) => {
          await db.insert(orders).values(
            batch.map((o) => ({
              number: `ES-PBY-${String(++n).padStart(6, '0')}`,
              kind: o.kind,
              ...storedAs(o.status, Math.max(1, o.totalCents)),
              paymentMethod: o.paymentMethod,
              userId: o.user === null ? null : userIds[o.user],
              subtotalCents: o.totalCents,
              totalCents: o.totalCents,
              buyerName: o.name,
              buyerEmail: o.email,
              country: o.country,
              locale: 'en',
              packageId: packageIds[o.pkg],
              paidAt: o.paidAt === null ? null : new Date(firstDay + o.paidAt),
            })),
          );
          const from = new Date(firstDay + start * 86_400_000).toISOString().slice(0, 10);
          const to = new Date(firstDay + (start + days - 1) * 86_400_000).toISOString().slice(0, 10);
          for (const packageId of packageIds)
            for (let page = 1; ; page++) {
              const expected = await reference(db, { from, to }, packageId, { page, pageSize });
              expect(await packageBuyers(db, { from, to }, packageId, { page, pageSize })).toEqual(expected);
              compared += expected.length;
              if (expected.length < pageSize) break;
            }
        },
      ),
      { numRuns: 30 },
    );
    expect(compared).toBeGreaterThan(0);
  }, 300_000);
});
