import type { Database } from '@esim/db';
import { and, eq, gte, ilike, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { AppError } from './app-error';
import { defineListQuery, likePattern, type SortValue, searchCondition, toPaged } from './list-query';

// The list helper on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), over a table of its own so
// the rows are exactly the ones each test makes: paging bounds, search escaping, keyset batches with ties and
// nulls, and exports of exactly the filtered rows.
const probes = pgTable('list_probes', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  rank: integer('rank'),
  batch: text('batch').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

type ProbeFilters = { batch: string; q?: string; minRank?: number; sort?: SortValue<ProbeSort> };
type ProbeSort = 'createdAt' | 'name' | 'rank' | 'label' | 'rankThenName';

const probeList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({ probe: probes, ...listFields })
      .from(probes)
      .$dynamic(),
  where: (filters: ProbeFilters) =>
    and(
      eq(probes.batch, filters.batch),
      searchCondition(filters.q, [probes.name]),
      filters.minRank === undefined ? undefined : gte(probes.rank, filters.minRank),
    ),
  sortColumns: {
    createdAt: probes.createdAt,
    name: probes.name,
    rank: probes.rank,
    // An expression that may be null.
    label: sql`case when ${probes.rank} is null then null else ${probes.name} end`,
    // Several columns in turn, the first nullable.
    rankThenName: [probes.rank, probes.name],
  },
  tiebreak: probes.id,
  defaultSort: '-createdAt',
  totalInRows: (filters: ProbeFilters) => Boolean(filters.q),
});

let database: Database;
let batches = 0;

/** Inserts rows in one statement, so they share one `now()` to the microsecond: ties on createdAt. */
const seedBatch = async (rows: { name: string; rank?: number | null }[]) => {
  batches += 1;
  const batch = `b${batches}`;
  await database.db.insert(probes).values(rows.map((r) => ({ name: r.name, rank: r.rank ?? null, batch })));
  return batch;
};

const everyRow = async (filters: ProbeFilters) =>
  (await probeList.rows(database.db, filters, { limit: 10_000, offset: 0 })).map((r) => r.probe.id);

const streamed = async (filters: ProbeFilters, batchSize: number) => {
  const ids: string[] = [];
  const sizes: number[] = [];
  for await (const batch of probeList.batches(database.db, filters, batchSize)) {
    sizes.push(batch.length);
    ids.push(...batch.map((r) => r.probe.id));
  }
  return { ids, sizes };
};

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table list_probes (
    id uuid primary key default gen_random_uuid(),
    name text not null,
    rank integer,
    batch text not null,
    created_at timestamptz not null default now())`);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe('defineListQuery: pages', () => {
  it('answers each page with the total, a short last page, and PAGE_OUT_OF_RANGE past it', async () => {
    const batch = await seedBatch(Array.from({ length: 7 }, (_, i) => ({ name: `p${i}`, rank: i })));
    const filters: ProbeFilters = { batch, sort: 'rank' };
    const first = await probeList.page(database.db, filters, { page: 1, pageSize: 3 });
    expect(first.total).toBe(7);
    expect(first.rows.map((r) => r.probe.name)).toEqual(['p0', 'p1', 'p2']);
    const last = await probeList.page(database.db, filters, { page: 3, pageSize: 3 });
    expect(last.rows.map((r) => r.probe.name)).toEqual(['p6']);
    expect(toPaged({ page: 3, pageSize: 3 }, last.total, last.rows)).toMatchObject({ total: 7, page: 3 });
    const past = await probeList.page(database.db, filters, { page: 4, pageSize: 3 });
    expect(past).toEqual({ rows: [], total: 7 });
    expect(() => toPaged({ page: 4, pageSize: 3 }, past.total, past.rows)).toThrow(AppError);
    // Page 1 of nothing is an empty page, not an error.
    const none = await probeList.page(database.db, { batch: 'none' }, { page: 1, pageSize: 3 });
    expect(toPaged({ page: 1, pageSize: 3 }, none.total, none.rows)).toEqual({
      items: [],
      page: 1,
      pageSize: 3,
      total: 0,
    });
  });

  it('counts in the rows’ scan when asked to, with the same total, also past the last page', async () => {
    const batch = await seedBatch(Array.from({ length: 5 }, (_, i) => ({ name: `match${i}` })));
    const page = await probeList.page(database.db, { batch, q: 'match' }, { page: 2, pageSize: 2 });
    expect(page.total).toBe(5);
    expect(page.rows).toHaveLength(2);
    // The helper's own fields never reach the caller.
    expect(Object.keys(page.rows[0] ?? {})).toEqual(['probe']);
    expect(await probeList.page(database.db, { batch, q: 'match' }, { page: 4, pageSize: 2 })).toEqual({
      rows: [],
      total: 5,
    });
  });
});

describe('searchCondition', () => {
  it('matches %, _ and \\ as typed characters, not as wildcards', async () => {
    const batch = await seedBatch([
      { name: '50% off' },
      { name: '50x off' },
      { name: 'snake_case' },
      { name: 'snakeXcase' },
      { name: 'back\\slash' },
      { name: 'backslash' },
    ]);
    const names = async (q: string) =>
      (await probeList.rows(database.db, { batch, q, sort: 'name' }, { limit: 50, offset: 0 })).map(
        (r) => r.probe.name,
      );
    expect(await names('%')).toEqual(['50% off']);
    expect(await names('0% o')).toEqual(['50% off']);
    expect(await names('_')).toEqual(['snake_case']);
    expect(await names('e_c')).toEqual(['snake_case']);
    expect(await names('\\')).toEqual(['back\\slash']);
    expect((await names('SNAKE')).sort()).toEqual(['snakeXcase', 'snake_case'].sort());
    expect(likePattern('a%b_c\\')).toBe('%a\\%b\\_c\\\\%');
    // The pattern alone, as a repository writes it for a column searchCondition does not cover.
    const direct = await database.db
      .select({ name: probes.name })
      .from(probes)
      .where(and(eq(probes.batch, batch), ilike(probes.name, likePattern('_'))));
    expect(direct.map((r) => r.name)).toEqual(['snake_case']);
    expect(searchCondition('', [probes.name])).toBeUndefined();
  });
});

describe('defineListQuery: keyset batches', () => {
  it('streams every row once, in the page order, through ties to the microsecond and nulls, in every sort', async () => {
    // 23 rows in one statement (one created_at for all), names and ranks with ties, some ranks null.
    const batch = await seedBatch(
      Array.from({ length: 23 }, (_, i) => ({ name: `n${i % 4}`, rank: i % 5 === 0 ? null : i % 3 })),
    );
    for (const sort of [
      'createdAt',
      '-createdAt',
      'name',
      '-name',
      'rank',
      '-rank',
      'label',
      '-label',
      'rankThenName',
      '-rankThenName',
    ] as const) {
      const order = await everyRow({ batch, sort });
      expect(order).toHaveLength(23);
      expect(new Set(order).size).toBe(23);
      for (const size of [1, 3, 23, 50]) {
        const { ids, sizes } = await streamed({ batch, sort }, size);
        expect(ids, `${sort} in batches of ${size}`).toEqual(order);
        expect(sizes.every((n) => n <= size)).toBe(true);
      }
    }
  });

  it('streams exactly the filtered rows, as many as the page total says', async () => {
    const batch = await seedBatch(
      Array.from({ length: 30 }, (_, i) => ({ name: i % 2 ? `keep${i}` : `drop${i}`, rank: i })),
    );
    const filters: ProbeFilters = { batch, q: 'keep', minRank: 10, sort: '-rank' };
    const { ids } = await streamed(filters, 4);
    const page = await probeList.page(database.db, filters, { page: 1, pageSize: 100 });
    expect(ids).toHaveLength(page.total);
    expect(ids).toEqual(page.rows.map((r) => r.probe.id));
    const names = page.rows.map((r) => r.probe.name);
    expect(names.every((n) => n.startsWith('keep'))).toBe(true);
    expect(page.rows.map((r) => r.probe.rank)).toEqual([29, 27, 25, 23, 21, 19, 17, 15, 13, 11]);
    // Another batch's rows and rows outside the filter never appear.
    expect((await streamed({ batch: 'none' }, 4)).ids).toEqual([]);
  });
});
