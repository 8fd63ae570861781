import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database or a transaction: repository functions take this first (STYLE.md). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseOptions =
  | { driver: 'postgres'; url: string; poolSize?: number; onIdleError?: (error: Error) => void }
  | {
      driver: 'pglite';
      dataDir?: string;
      /** Start from a data directory dumped by `dumpDataDir` (tests: a database migrated once). */
      loadDataDir?: Blob;
    };

export type Database = {
  db: Db;
  driver: 'postgres' | 'pglite';
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  /** Raw SQL for libraries that bring their own (pg-boss); text without values may hold several statements. */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /** PGlite only: the data directory as a tarball, for `loadDataDir` (uncompressed: it loads faster). */
  dumpDataDir?: () => Promise<Blob>;
  close: () => Promise<void>;
};

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../migrations');

/** PGlite (embedded PostgreSQL) by default, PostgreSQL when a URL is given. Same schema and migrations. */
export const createDatabase = async (options: DatabaseOptions): Promise<Database> => {
  if (options.driver === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection the server drops (restart, failover, a forced drop) must not crash the process:
    // the pool discards it and opens a new one on the next query.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = drizzleNodePg(pool, { schema });
    return {
      db: db as unknown as Db,
      driver: 'postgres',
      migrate: () => migrateNodePg(db, { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(dirname(options.dataDir), { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    executeSql: async (text, values) => {
      if (values?.length) return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
      // exec runs several statements (pg-boss migrations); the last result is the answer.
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
};
