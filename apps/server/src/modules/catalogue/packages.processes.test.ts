import { createDatabase, seedReferenceData, seedStaffUser } from '@esim/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createDeps } from '../../create-deps';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { loginAs, testEnv, uniqueEmail, uniquePhone } from '../../test/harness';
import { createScratchDatabase, sleep } from '../../test/processes';

/**
 * Issue 32: a price staff change through one server reaches another server on the same database within seconds
 * (NOTIFY drops its snapshot and the answers it replays), not after the snapshot's 30-second time-to-live.
 * Two app instances, each with its own pool, catalogue and replay, as two processes have. PostgreSQL only
 * (CI's second pass): PGlite opens in one process.
 */
const baseUrl = process.env.TEST_DATABASE_URL;

const openInstance = async (url: string) => {
  const database = await createDatabase({ driver: 'postgres', url, poolSize: 3 });
  const deps = await createDeps(loadConfig({ ...testEnv, DATABASE_URL: url }), { database });
  const app = await buildApp(deps, 'api');
  await app.ready();
  const stopListening = await deps.catalogue.listen();
  return {
    database,
    deps,
    app,
    close: async () => {
      await stopListening();
      await deps.jobs.stop();
      await app.close();
      await database.close();
    },
  };
};
type Instance = Awaited<ReturnType<typeof openInstance>>;

describe.skipIf(!baseUrl)('a package change and two server instances on one database', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let one: Instance;
  let two: Instance;

  beforeAll(async () => {
    scratch = await createScratchDatabase(baseUrl as string);
    one = await openInstance(scratch.url);
    await one.database.migrate();
    await seedReferenceData(one.database.db);
    await ensureCatalogue(one.deps, one.app.log);
    two = await openInstance(scratch.url);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await scratch?.drop();
  });

  it('a new price made through one is on the other’s public package page within seconds', async () => {
    const staff = await seedStaffUser(one.database.db, 'analytics', {
      email: uniqueEmail('analytics'),
      phone: uniquePhone(),
    });
    const token = (await loginAs(one.app, 'staff', staff.email, staff.password)).access_token;
    const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en' };
    const list = await one.app.inject({
      method: 'GET',
      url: '/api/staff/packages?type=local&pageSize=1',
      headers,
    });
    const pkg = list.json().items[0];
    const publicPrice = async () =>
      (
        await two.app.inject({
          method: 'GET',
          url: `/api/catalogue/packages/${pkg.slug}`,
          headers: { 'accept-language': 'en' },
        })
      ).json().priceCents as number;
    // The other instance holds the old price in its snapshot (and its replay) before the change.
    expect(await publicPrice()).toBe(pkg.priceCents);

    const priceCents = pkg.priceCents + 300;
    const changedAt = Date.now();
    const edit = await one.app.inject({
      method: 'PATCH',
      url: `/api/staff/packages/${pkg.id}`,
      headers,
      payload: {
        version: pkg.version,
        priceCents,
        offerPriceCents: null,
        offerStartsAt: null,
        offerEndsAt: null,
        popular: pkg.popular,
        active: true,
        displayNames: {},
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    let seen = await publicPrice();
    while (seen !== priceCents && Date.now() - changedAt < 10_000) {
      await sleep(100);
      seen = await publicPrice();
    }
    expect(seen).toBe(priceCents);
    expect(Date.now() - changedAt).toBeLessThan(5_000);
  });
});
