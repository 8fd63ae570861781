import {
  esimPackages,
  esims,
  outbox,
  seedCompletedEsimOrder,
  seedEsimPackage,
  seedUser,
  users,
} from '@esim/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { createTestContext, type TestContext, uniqueEmail, uniquePhone } from '../../test/harness';
import { applyUsage, dueAlerts, expireDuePackages, syncUsage } from './usage.service';

const esimProvider = createSandboxEsimProvider({ allocationDelayMs: 0, usageMbPerMinute: 0 });
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({}, { esimProvider });
  await ensureCatalogue(ctx.deps, ctx.app.log);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

/** A customer (e-mail alerts unless told otherwise) with an eSIM whose 5 GB package is active. */
const customerWithEsim = async (alertChannel: 'email' | 'sms' = 'email') => {
  const user = await seedUser(ctx.deps.db, {
    email: uniqueEmail('usage'),
    phone: uniquePhone(),
    alertChannel,
  });
  const seeded = await seedCompletedEsimOrder(ctx.deps.db, { userId: user.id, packageSlug: 'de-5gb-30d' });
  return { user, ...seeded };
};

const notices = async (to: string, channel: 'email' | 'sms') =>
  ctx.deps.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.channel, channel)));

const packageRow = async (id: string) =>
  (await ctx.deps.db.select().from(esimPackages).where(eq(esimPackages.id, id)))[0];

describe('dueAlerts', () => {
  const fresh = { dataMb: 1000, alert60SentAt: null, alert98SentAt: null };
  it('is due at 60 % and 98 %, once each, never for unlimited data', () => {
    expect(dueAlerts(fresh, 599, [60, 98])).toMatchObject({ first: false, second: false });
    expect(dueAlerts(fresh, 600, [60, 98])).toMatchObject({ first: true, second: false, percent: 60 });
    expect(dueAlerts(fresh, 980, [60, 98])).toMatchObject({ first: true, second: true });
    expect(dueAlerts({ ...fresh, alert60SentAt: new Date() }, 700, [60, 98]).first).toBe(false);
    expect(dueAlerts({ ...fresh, dataMb: null }, 99_999, [60, 98])).toMatchObject({
      first: false,
      second: false,
    });
  });
});

describe('applyUsage', () => {
  it('starts the validity clock at first use', async () => {
    const { esim, esimPackage } = await customerWithEsim();
    await applyUsage(ctx.deps, esim.id, 10);
    const row = await packageRow(esimPackage.id);
    expect(row?.activatedAt).not.toBeNull();
    const days = ((row?.expiresAt?.getTime() ?? 0) - (row?.activatedAt?.getTime() ?? 0)) / 86_400_000;
    expect(days).toBe(esimPackage.validityDays);
    const [installed] = await ctx.deps.db.select().from(esims).where(eq(esims.id, esim.id));
    expect(installed).toMatchObject({ status: 'installed', installCount: 1 });
  });

  it("sends one 60 % e-mail and one 98 % SMS, in the owner's language, even when runs overlap", async () => {
    const { user, esim, esimPackage } = await customerWithEsim();
    await ctx.deps.db.update(users).set({ locale: 'de' }).where(eq(users.id, user.id));
    const dataMb = esimPackage.dataMb ?? 0;
    await applyUsage(ctx.deps, esim.id, Math.floor(dataMb * 0.5));
    expect(await notices(user.email, 'email')).toHaveLength(0);
    const at60 = Math.ceil(dataMb * 0.6);
    await Promise.all([applyUsage(ctx.deps, esim.id, at60), applyUsage(ctx.deps, esim.id, at60)]);
    await applyUsage(ctx.deps, esim.id, at60 + 10);
    const mails = await notices(user.email, 'email');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(ctx.deps.i18n.fixedT('de', 'mail')('usageAlert.subject', { percent: 60 }));
    const at98 = Math.ceil(dataMb * 0.98);
    await Promise.all([applyUsage(ctx.deps, esim.id, at98), applyUsage(ctx.deps, esim.id, at98 + 1)]);
    const texts = await notices(user.phone ?? '', 'sms');
    expect(texts).toHaveLength(1);
    expect(texts[0]?.text).toContain('98');
    expect(await notices(user.email, 'email')).toHaveLength(1);
  });

  it('sends the 60 % notice by SMS when the owner chose SMS', async () => {
    const { user, esim, esimPackage } = await customerWithEsim('sms');
    await applyUsage(ctx.deps, esim.id, Math.ceil((esimPackage.dataMb ?? 0) * 0.61));
    expect(await notices(user.phone ?? '', 'sms')).toHaveLength(1);
    expect(await notices(user.email, 'email')).toHaveLength(0);
  });

  it('depletes the package at 100 % and starts the queued one; a late lower report changes nothing', async () => {
    const { user, esim, esimPackage } = await customerWithEsim();
    const queued = await seedEsimPackage(ctx.deps.db, {
      esimId: esim.id,
      userId: user.id,
      packageSlug: 'de-5gb-30d',
    });
    const result = await applyUsage(ctx.deps, esim.id, esimPackage.dataMb ?? 0);
    expect(result).toMatchObject({ depleted: true, startedPackageId: queued.id });
    expect((await packageRow(esimPackage.id))?.status).toBe('depleted');
    const next = await packageRow(queued.id);
    expect(next?.status).toBe('active');
    expect(next?.activatedAt).not.toBeNull();
    // The new package counts from zero; the old report for the depleted one cannot touch it.
    await applyUsage(ctx.deps, esim.id, 0);
    expect((await packageRow(queued.id))?.dataUsedMb).toBe(0);
  });
});

describe('expiry and the scheduled sync', () => {
  it('expires a package past its validity and starts the next queued one', async () => {
    const { user, esim, esimPackage } = await customerWithEsim();
    const queued = await seedEsimPackage(ctx.deps.db, { esimId: esim.id, userId: user.id });
    await ctx.deps.db
      .update(esimPackages)
      .set({ activatedAt: new Date(Date.now() - 40 * 86_400_000), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(esimPackages.id, esimPackage.id));
    expect(await expireDuePackages(ctx.deps)).toBeGreaterThanOrEqual(1);
    expect((await packageRow(esimPackage.id))?.status).toBe('expired');
    expect((await packageRow(queued.id))?.status).toBe('active');
  });

  it('syncs usage from the provider for every active eSIM, and twice at once notifies once', async () => {
    const { user, esim, esimPackage } = await customerWithEsim();
    esimProvider.setUsage(esim.providerRef, Math.ceil((esimPackage.dataMb ?? 0) * 0.7));
    const [a, b] = await Promise.all([syncUsage(ctx.deps, ctx.app.log), syncUsage(ctx.deps, ctx.app.log)]);
    expect(a?.esims).toBeGreaterThanOrEqual(1);
    expect(b?.applied).toBeGreaterThanOrEqual(1);
    expect((await packageRow(esimPackage.id))?.dataUsedMb).toBe(Math.ceil((esimPackage.dataMb ?? 0) * 0.7));
    expect(await notices(user.email, 'email')).toHaveLength(1);
  });

  it('keeps going when the provider fails, and catches up on the next run', async () => {
    const { esim, esimPackage } = await customerWithEsim();
    esimProvider.setUsage(esim.providerRef, 123);
    esimProvider.setFailureMode('error');
    try {
      const result = await syncUsage(ctx.deps, ctx.app.log);
      expect(result.applied).toBe(0);
    } finally {
      esimProvider.setFailureMode('none');
    }
    await syncUsage(ctx.deps, ctx.app.log);
    expect((await packageRow(esimPackage.id))?.dataUsedMb).toBe(123);
  });
});
