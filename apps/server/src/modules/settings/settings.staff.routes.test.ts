import { randomUUID } from 'node:crypto';
import type { GeneralOptionsResponse, PolicyResponse } from '@esim/contracts/staff';
import { auditLog, contentPages, esimReleases, esims } from '@esim/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/callers';
import { createTestContext, type TestContext } from '../../test/harness';
import { runEsimReleaseJob } from './esim-releases.service';

// Issue 32, settings: versioned general options and policies (one write path, restore), eSIMs to be freed.
let ctx: TestContext;
const callers: Record<'admin' | 'editor' | 'analytics' | 'customer' | 'shop', Record<string, string>> = {
  admin: {},
  editor: {},
  analytics: {},
  customer: {},
  shop: {},
};

beforeAll(async () => {
  ctx = await createTestContext();
  for (const kind of Object.keys(callers) as (keyof typeof callers)[])
    callers[kind] = await signInAs(ctx, kind);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers = callers.admin) =>
  ctx.app.inject({
    method,
    url: `/api/staff${url}`,
    headers: { 'accept-language': 'en', ...headers },
    ...(payload ? { payload } : {}),
  });
const general = async () => (await call('GET', '/settings/general')).json() as GeneralOptionsResponse;

describe('general options', () => {
  it('saves a version with who made it; the public settings and readers see it; a restore is a new version', async () => {
    const before = await general();
    const saved = await call('PUT', '/settings/general', {
      options: { ...before.options, whatsappNumber: '+355 69 765 4321', minimumTopUpCents: 25_000 },
      version: before.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Settings saved.');
    const after = await general();
    expect(after.options.whatsappNumber).toBe('+355697654321');
    // The value it replaced is kept as version 1 (seeded), the change is version 2.
    expect(after.version).toBe(before.version === 0 ? 2 : before.version + 1);
    expect(after.versions[0]).toMatchObject({ version: after.version, restoredFrom: null });
    expect(after.versions[0]?.staffName).toBeTruthy();
    const site = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(site.json().whatsappNumber).toBe('+355697654321');

    const first = after.versions.at(-1);
    if (!first) throw new Error('no first version');
    const restored = await call('POST', `/settings/general/versions/${first.id}/restore`, {
      version: after.version,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().message).toBe(`Version ${first.version} restored.`);
    const back = await general();
    expect(back.options.whatsappNumber).toBe(before.options.whatsappNumber);
    expect(back.versions[0]).toMatchObject({ version: after.version + 1, restoredFrom: first.version });
    const audits = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.entityType, 'setting'));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['setting.update', 'setting.restore']),
    );
  });

  it('refuses a stale version and bad input with translated messages, and changes nothing', async () => {
    const current = await general();
    const stale = await call('PUT', '/settings/general', {
      options: current.options,
      version: current.version - 1,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    const bad = await call('PUT', '/settings/general', {
      options: {
        ...current.options,
        supportEmail: 'not-an-e-mail',
        minimumTopUpCents: 0,
        alertThresholds: [98, 60],
        seller: { ...current.options.seller, name: '' },
      },
      version: current.version,
    });
    expect(bad.statusCode).toBe(422);
    const { errors } = bad.json() as { errors: Record<string, string[]> };
    expect(errors['options.supportEmail']).toBeDefined();
    expect(errors['options.minimumTopUpCents']?.[0]).toBe('Minimum top-up must be at least 1');
    // An array item is named by its list.
    expect(errors['options.alertThresholds.1']?.[0]).toBe('Alert threshold must be at least 99');
    expect(errors['options.seller.name']?.[0]).toMatch(/required/);
    const sq = await call(
      'PUT',
      '/settings/general',
      { options: { ...current.options, supportEmail: 'x' }, version: current.version },
      { ...callers.admin, 'accept-language': 'sq' },
    );
    expect(sq.json().errors['options.supportEmail'][0]).toBe(
      'Formati i fushës E-maili i mbështetjes është i pavlefshëm',
    );
    expect((await general()).version).toBe(current.version);
  });

  it('the bonus rule and the minimum top-up saved here are what the portal quotes', async () => {
    const current = await general();
    const saved = await call('PUT', '/settings/general', {
      options: {
        ...current.options,
        minimumTopUpCents: 30_000,
        topUpBonusTiers: [
          { fromCents: 30_000, percent: 7 },
          { fromCents: 60_000, percent: 9 },
        ],
      },
      version: current.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const quote = (amountCents: number) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/portal/topups/quote?amountCents=${amountCents}`,
        headers: { 'accept-language': 'en', ...callers.shop },
      });
    expect((await quote(25_000)).statusCode).toBe(422);
    expect((await quote(30_000)).json()).toMatchObject({ bonusCents: 2_100, minimumCents: 30_000 });
    expect((await quote(60_000)).json()).toMatchObject({ bonusCents: 5_400 });
  });

  it('is for admins only', async () => {
    for (const kind of ['editor', 'analytics', 'customer', 'shop'] as const) {
      expect((await call('GET', '/settings/general', undefined, callers[kind])).statusCode).toBe(403);
      const put = await call('PUT', '/settings/general', { options: {}, version: 0 }, callers[kind]);
      expect(put.statusCode).toBe(403);
      const restore = await call(
        'POST',
        `/settings/general/versions/${randomUUID()}/restore`,
        { version: 0 },
        callers[kind],
      );
      expect(restore.statusCode).toBe(403);
    }
    expect((await call('GET', '/settings/general', undefined, {})).statusCode).toBe(401);
  });
});

describe('privacy policy and terms', () => {
  it('every staff role edits a locale with history; the public page shows the latest', async () => {
    // The seeded text, never versioned: the first change keeps it as version 1.
    await ctx.deps.db
      .insert(contentPages)
      .values({ key: 'terms', locale: 'en', title: 'Terms', body: '# Terms' })
      .onConflictDoNothing();
    for (const kind of ['admin', 'editor', 'analytics'] as const) {
      const current = (
        await call('GET', '/settings/policies/terms/en', undefined, callers[kind])
      ).json() as PolicyResponse;
      const saved = await call(
        'PUT',
        '/settings/policies/terms/en',
        { title: `AGB ${kind}`, body: `# AGB\n\nVon ${kind}.`, version: current.version },
        callers[kind],
      );
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/content/terms',
      headers: { 'accept-language': 'en' },
    });
    expect(page.json()).toMatchObject({ title: 'AGB analytics', body: '# AGB\n\nVon analytics.' });
    const history = (await call('GET', '/settings/policies/terms/en')).json() as PolicyResponse;
    expect(history.versions.map((v) => v.version)).toEqual([4, 3, 2, 1]);
    const seeded = history.versions.at(-1);
    if (!seeded) throw new Error('no seeded version');
    expect(seeded.staffName).toBeNull();
    const restored = await call(
      'POST',
      `/settings/policies/terms/en/versions/${seeded.id}/restore`,
      {
        version: history.version,
      },
      callers.editor,
    );
    expect(restored.statusCode, restored.body).toBe(200);
    const after = (await call('GET', '/settings/policies/terms/en')).json() as PolicyResponse;
    expect(after.title).not.toBe('AGB analytics');
    expect(after.version).toBe(5);
    // A version of another locale cannot be restored here.
    const other = await call('POST', `/settings/policies/terms/fr/versions/${seeded.id}/restore`, {
      version: 0,
    });
    expect(other.statusCode).toBe(404);
  });

  it('refuses an empty title and an unknown locale; customers and shops are refused', async () => {
    const current = (await call('GET', '/settings/policies/privacy/en')).json() as PolicyResponse;
    const empty = await call('PUT', '/settings/policies/privacy/en', {
      title: ' ',
      body: 'x',
      version: current.version,
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.title[0]).toBe('Title is required');
    expect((await call('GET', '/settings/policies/privacy/xx')).statusCode).toBe(422);
    for (const kind of ['customer', 'shop'] as const)
      expect((await call('GET', '/settings/policies/privacy/en', undefined, callers[kind])).statusCode).toBe(
        403,
      );
  });
});

describe('eSIMs to be freed', () => {
  const unusedEsim = async (daysAgo: number) => {
    const [pkg] = await ctx.deps.esimProvider.listPackages();
    if (!pkg) throw new Error('no package');
    const result = await ctx.deps.esimProvider.orderProfile({
      transactionId: randomUUID(),
      packageCode: pkg.code,
      wholesaleCents: pkg.wholesaleCents,
    });
    let profile = result.status === 'ready' ? result.profile : null;
    // The sandbox allocates after a short delay, like the provider.
    for (let i = 0; !profile && i < 50; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (result.status !== 'allocating') break;
      const answer = await ctx.deps.esimProvider.queryOrder(result.providerOrderRef);
      if (answer.status === 'ready') profile = answer.profile;
    }
    if (!profile) throw new Error('profile not allocated');
    const [row] = await ctx.deps.db
      .insert(esims)
      .values({
        iccid: profile.iccid,
        provider: 'sandbox',
        providerRef: profile.providerRef,
        activationCode: profile.activationCode,
        smdpAddress: profile.smdpAddress,
        matchingId: profile.matchingId,
        createdAt: new Date(Date.now() - daysAgo * 24 * 3600 * 1000),
      })
      .returning();
    if (!row) throw new Error('no esim');
    return row;
  };
  const releaseOf = async (esimId: string) =>
    (await ctx.deps.db.select().from(esimReleases).where(eq(esimReleases.esimId, esimId)))[0];

  it('the job lists an unused eSIM once however often it runs; staff free it once; used ones are not listed', async () => {
    const old = await unusedEsim(40);
    const recent = await unusedEsim(2);
    const installed = await unusedEsim(40);
    await ctx.deps.db
      .update(esims)
      .set({ status: 'installed', installCount: 1 })
      .where(eq(esims.id, installed.id));

    await runEsimReleaseJob(ctx.deps);
    const second = await runEsimReleaseJob(ctx.deps);
    expect(second.listed).toBe(0);
    expect(second.freed).toBe(0);
    const listedRows = await ctx.deps.db.select().from(esimReleases).where(eq(esimReleases.esimId, old.id));
    expect(listedRows).toHaveLength(1);
    expect(await releaseOf(recent.id)).toBeUndefined();
    expect(await releaseOf(installed.id)).toBeUndefined();

    const pending = await call('GET', `/settings/esim-releases?status=pending&q=${old.iccid}`);
    expect(pending.statusCode).toBe(200);
    expect(pending.json().items).toEqual([
      expect.objectContaining({ iccid: old.iccid, unusedDays: 30, freedAt: null }),
    ]);

    const id = pending.json().items[0].id as string;
    const [a, b] = await Promise.all([
      call('POST', '/settings/esim-releases/free', { ids: [id] }),
      call('POST', '/settings/esim-releases/free', { ids: [id] }),
    ]);
    expect([a.json().freed, b.json().freed].sort()).toEqual([0, 1]);
    const [esim] = await ctx.deps.db.select().from(esims).where(eq(esims.id, old.id));
    expect(esim?.status).toBe('freed');
    const freed = await call('GET', `/settings/esim-releases?status=freed&q=${old.iccid}`);
    expect(freed.json().items[0]).toMatchObject({ reason: 'confirmed', freedAt: expect.any(String) });
    expect(freed.json().items[0].freedBy).toBeTruthy();
    // The job after a staff confirmation changes nothing either.
    expect(await runEsimReleaseJob(ctx.deps)).toEqual({ listed: 0, dropped: 0, freed: 0 });
  });

  it('frees automatically when set, once', async () => {
    const current = await general();
    await call('PUT', '/settings/general', {
      options: { ...current.options, freeUnusedEsimsAutomatically: true, freeUnusedEsimAfterDays: 10 },
      version: current.version,
    });
    const old = await unusedEsim(11);
    const first = await runEsimReleaseJob(ctx.deps);
    expect(first.freed).toBeGreaterThanOrEqual(1);
    expect(await releaseOf(old.id)).toMatchObject({ status: 'freed', reason: 'automatic', unusedDays: 10 });
    expect((await runEsimReleaseJob(ctx.deps)).freed).toBe(0);
  });

  it('is for admins only and refuses an empty choice', async () => {
    expect((await call('POST', '/settings/esim-releases/free', { ids: [] })).statusCode).toBe(422);
    for (const kind of ['editor', 'analytics', 'customer', 'shop'] as const) {
      expect((await call('GET', '/settings/esim-releases', undefined, callers[kind])).statusCode).toBe(403);
      const free = await call('POST', '/settings/esim-releases/free', { ids: [randomUUID()] }, callers[kind]);
      expect(free.statusCode).toBe(403);
    }
  });
});
