import type { Locale } from '@esim/contracts';
import { type Db, esimPackages, esims, users } from '@esim/db';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { getGeneralOptions } from '../settings/settings.repository';

type PackageRow = typeof esimPackages.$inferSelect;

/** Which notices a package that has used `usedMb` of `dataMb` is due, given the thresholds in percent. */
export const dueAlerts = (
  pkg: Pick<PackageRow, 'dataMb' | 'alert60SentAt' | 'alert98SentAt'>,
  usedMb: number,
  thresholds: readonly [number, number],
) => {
  if (pkg.dataMb === null || pkg.dataMb <= 0) return { first: false, second: false, percent: 0 };
  const percent = Math.floor((usedMb / pkg.dataMb) * 100);
  return {
    first: percent >= thresholds[0] && !pkg.alert60SentAt,
    second: percent >= thresholds[1] && !pkg.alert98SentAt,
    percent,
  };
};

const formatData = (mb: number, locale: Locale) =>
  mb >= 1024
    ? `${new Intl.NumberFormat(locale === 'sa' ? 'ar' : 'en', { maximumFractionDigits: 1 }).format(mb / 1024)} GB`
    : `${mb} MB`;

/** Starts the oldest queued package of an eSIM (when the active one ends); returns it, if any. */
const startNextQueued = async (tx: Db, esimId: string) => {
  const [next] = await tx
    .select()
    .from(esimPackages)
    .where(and(eq(esimPackages.esimId, esimId), eq(esimPackages.status, 'queued')))
    .orderBy(asc(esimPackages.createdAt))
    .limit(1)
    .for('update');
  if (!next) return null;
  await tx
    .update(esimPackages)
    .set({
      status: 'active',
      activatedAt: sql`now()`,
      expiresAt: sql`now() + make_interval(days => ${next.validityDays})`,
    })
    .where(eq(esimPackages.id, next.id));
  return next;
};

/** The 60 % notice (e-mail or SMS as the owner chose) and the 98 % SMS, queued in the caller's transaction. */
const queueAlert = async (
  deps: AppDeps,
  tx: Db,
  input: { esimId: string; pkg: PackageRow; percent: number; usedMb: number; level: 'first' | 'second' },
) => {
  const [owner] = await tx
    .select({ user: users, iccid: esims.iccid })
    .from(esims)
    .innerJoin(users, eq(users.id, esims.userId))
    .where(eq(esims.id, input.esimId))
    .limit(1);
  // Shop subscribers are told by their shop (portal issue); only customers get notices here.
  if (!owner) return;
  const locale = owner.user.locale as Locale;
  const t = deps.i18n.fixedT(locale, 'mail');
  const remainingMb = Math.max(0, (input.pkg.dataMb ?? 0) - input.usedMb);
  const values = {
    percent: input.percent,
    package: String(input.pkg.snapshot.name ?? ''),
    remaining: formatData(remainingMb, locale),
    link: `${deps.config.siteUrl}/account/packages`,
  };
  const wantsSms = input.level === 'second' || owner.user.alertChannel === 'sms';
  // Without a phone number the SMS notice falls back to e-mail, so no one misses it.
  if (wantsSms && owner.user.phone) {
    await deps.sms.send({ to: owner.user.phone, text: t('usageAlert.sms', values) }, tx);
    return;
  }
  await deps.mailer.send(
    {
      to: owner.user.email,
      subject: t('usageAlert.subject', values),
      text: `${t('greeting', { name: owner.user.firstName })}\n\n${t('usageAlert.text', values)}\n\n${t('signature')}`,
    },
    tx,
  );
};

/**
 * Records one usage report for an eSIM's active package (from the sync job, a refresh, or the provider's
 * DATA_USAGE webhook). Under a row lock: the first use starts the validity clock, each notice is sent once
 * (its timestamp is set in the same transaction that queues it, so two runs at once send one), and a package
 * that has used all its data is depleted and the next queued one starts.
 */
export const applyUsage = async (deps: AppDeps, esimId: string, usedMb: number) => {
  const { alertThresholds } = await getGeneralOptions(deps.db);
  const thresholds = [alertThresholds[0] ?? 60, alertThresholds[1] ?? 98] as const;
  return deps.db.transaction(async (tx) => {
    const [pkg] = await tx
      .select()
      .from(esimPackages)
      .where(and(eq(esimPackages.esimId, esimId), eq(esimPackages.status, 'active')))
      .limit(1)
      .for('update');
    if (!pkg) return null;
    // Usage only grows; an older report arriving late does not undo a newer one.
    const used = Math.max(usedMb, pkg.dataUsedMb);
    const alerts = dueAlerts(pkg, used, thresholds);
    const depleted = pkg.dataMb !== null && used >= pkg.dataMb;
    const firstUse = !pkg.activatedAt && used > 0;
    await tx
      .update(esimPackages)
      .set({
        dataUsedMb: used,
        usageUpdatedAt: sql`now()`,
        ...(firstUse
          ? { activatedAt: sql`now()`, expiresAt: sql`now() + make_interval(days => ${pkg.validityDays})` }
          : {}),
        ...(alerts.first ? { alert60SentAt: sql`now()` } : {}),
        ...(alerts.second ? { alert98SentAt: sql`now()` } : {}),
        ...(depleted ? { status: 'depleted' as const } : {}),
      })
      .where(eq(esimPackages.id, pkg.id));
    // One notice per run: when usage jumps past both thresholds, the 98 % SMS says it all.
    if (alerts.second)
      await queueAlert(deps, tx, { esimId, pkg, percent: alerts.percent, usedMb: used, level: 'second' });
    else if (alerts.first)
      await queueAlert(deps, tx, { esimId, pkg, percent: alerts.percent, usedMb: used, level: 'first' });
    // Data flowing means the profile is on a phone: a "ready" eSIM counts as installed once.
    if (firstUse)
      await tx
        .update(esims)
        .set({ status: 'installed', installCount: sql`greatest(${esims.installCount}, 1)` })
        .where(and(eq(esims.id, esimId), eq(esims.status, 'ready')));
    const started = depleted ? await startNextQueued(tx, esimId) : null;
    return { packageId: pkg.id, usedMb: used, depleted, startedPackageId: started?.id ?? null };
  });
};

/** Ends active packages whose validity is over and starts the next queued one on each eSIM. */
export const expireDuePackages = async (deps: AppDeps) => {
  const due = await deps.db
    .select({ id: esimPackages.id, esimId: esimPackages.esimId })
    .from(esimPackages)
    .where(and(eq(esimPackages.status, 'active'), lte(esimPackages.expiresAt, sql`now()`)));
  for (const row of due)
    await deps.db.transaction(async (tx) => {
      const ended = await tx
        .update(esimPackages)
        .set({ status: 'expired' })
        .where(and(eq(esimPackages.id, row.id), eq(esimPackages.status, 'active')))
        .returning({ id: esimPackages.id });
      if (ended.length > 0) await startNextQueued(tx, row.esimId);
    });
  return due.length;
};

/**
 * The scheduled usage sync (issue 5): asks the provider for the usage of every eSIM with an active package, in
 * batches, and applies each report; then expires packages past their validity.
 */
export const syncUsage = async (deps: AppDeps, log: FastifyBaseLogger, batchSize = 50) => {
  const active = await deps.db
    .selectDistinct({ id: esims.id, providerRef: esims.providerRef })
    .from(esims)
    .innerJoin(esimPackages, eq(esimPackages.esimId, esims.id))
    .where(and(eq(esimPackages.status, 'active'), inArray(esims.status, ['ready', 'installed'])));
  let applied = 0;
  for (let i = 0; i < active.length; i += batchSize) {
    const batch = active.slice(i, i + batchSize);
    try {
      const reports = await deps.esimProvider.getUsage(batch.map((e) => e.providerRef));
      for (const report of reports) {
        const esim = batch.find((e) => e.providerRef === report.providerRef);
        if (!esim) continue;
        await applyUsage(deps, esim.id, report.usedMb);
        applied++;
      }
    } catch (err) {
      // One failing batch (provider hiccup) does not stop the others; the next run catches up.
      log.warn({ err, batch: i / batchSize }, 'usage sync: batch failed');
    }
  }
  const expired = await expireDuePackages(deps);
  return { esims: active.length, applied, expired };
};
