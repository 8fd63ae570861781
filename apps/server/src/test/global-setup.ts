import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '@esim/db';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (a tarball) every test file starts from; absent with PostgreSQL. */
    pgliteSnapshotPath?: string;
    /** A migrated PostgreSQL database each test file's database is created from (`template`). */
    postgresTemplate?: string;
  }
}

/**
 * Migrates one database for the whole run, so a test file's database is a copy instead of a fresh migration
 * (which was about a third of the unit-test time). Each test file still gets a database of its own.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await createDatabase({ driver: 'pglite' });
    await database.migrate();
    const dump = await database.dumpDataDir?.();
    await database.close();
    if (!dump) return;
    const dir = mkdtempSync(join(tmpdir(), 'esim-test-db-'));
    const path = join(dir, 'migrated.tar');
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteSnapshotPath', path);
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const name = `esim_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${name}`;
  const database = await createDatabase({ driver: 'postgres', url: templateUrl.toString(), poolSize: 1 });
  await database.migrate();
  // A template must have no open connections while databases are created from it.
  await database.close();
  project.provide('postgresTemplate', name);
  return async () => {
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
}
