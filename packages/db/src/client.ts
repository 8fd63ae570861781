import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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
  | {
      driver: 'postgres';
      url: string;
      poolSize?: number;
      /** A connection the server dropped (restart, failover): logged, never thrown at the process. */
      onConnectionError?: (error: Error) => void;
    }
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
  /**
   * Calls `onMessage` for every NOTIFY on `channel` from any process on this database, and `onResubscribed` after
   * the listening connection came back (messages sent meanwhile are lost, so the caller refreshes instead).
   */
  listen: (
    channel: string,
    onMessage: (payload: string) => void,
    onResubscribed?: () => void,
  ) => Promise<() => Promise<void>>;
  notify: (channel: string, payload?: string) => Promise<void>;
  close: () => Promise<void>;
};

const channelName = /^[a-z_][a-z0-9_]*$/;

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../migrations');

/** PGlite (embedded PostgreSQL) by default, PostgreSQL when a URL is given. Same schema and migrations. */
export const createDatabase = async (options: DatabaseOptions): Promise<Database> => {
  if (options.driver === 'postgres') {
    const onError = (error: Error) => options.onConnectionError?.(error);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // While the server is away, queries fail fast (health answers 503) instead of waiting forever.
      connectionTimeoutMillis: 5_000,
    });
    // A connection the server drops (restart, failover, 57P01) emits 'error' on the pool when idle and on the
    // client when checked out; either one unheard kills the process. The pool discards the broken client and
    // the next query opens a fresh one.
    pool.on('error', onError);
    pool.on('connect', (client) => client.on('error', onError));
    const db = drizzleNodePg(pool, { schema });
    return {
      db: db as unknown as Db,
      driver: 'postgres',
      migrate: () => migrateNodePg(db, { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
      listen: async (channel, onMessage, onResubscribed) => {
        if (!channelName.test(channel)) throw new Error(`bad channel name ${channel}`);
        // A dedicated connection (a pooled one would be handed to other queries). When the server drops it,
        // reconnect with backoff and tell the caller, who may have missed messages meanwhile.
        let current: pg.Client | null = null;
        let stopped = false;
        let failures = 0;
        let timer: NodeJS.Timeout | undefined;
        const open = async () => {
          const client = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5_000 });
          client.on('error', onError);
          client.on('notification', (message) => {
            if (message.channel === channel) onMessage(message.payload ?? '');
          });
          client.on('end', () => {
            if (current !== client) return;
            current = null;
            if (!stopped) retry();
          });
          try {
            await client.connect();
            await client.query(`listen ${channel}`);
          } catch (error) {
            client.end().catch(() => undefined);
            throw error;
          }
          current = client;
        };
        const retry = () => {
          timer = setTimeout(
            () => {
              open().then(
                () => {
                  failures = 0;
                  onResubscribed?.();
                },
                (error: Error) => {
                  onError(error);
                  failures += 1;
                  if (!stopped) retry();
                },
              );
            },
            Math.min(10_000, 250 * 2 ** failures),
          );
          timer.unref();
        };
        await open();
        return async () => {
          stopped = true;
          clearTimeout(timer);
          await current?.end().catch(() => undefined);
        };
      },
      notify: async (channel, payload = '') => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(dirname(options.dataDir), { recursive: true });
  // pg_trgm: the staff searches' trigram indexes (ADR 0089); PostgreSQL ships it with the server.
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
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
    // One process owns a PGlite data dir, so its own notifications are all there is to hear.
    listen: async (channel, onMessage) => client.listen(channel, onMessage),
    notify: async (channel, payload = '') => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    close: () => client.close(),
  };
};
