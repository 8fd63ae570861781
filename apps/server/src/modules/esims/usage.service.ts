import type { Locale } from '@esim/contracts';
import type { Db } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { EsimProvider } from '../../adapters/esim/port';
import type { Config } from '../../config';
import type { Mailer } from '../mail/mail.service';
import type { SmsSender } from '../notifications/sms.service';
import { recordOrderEvent } from '../order-timeline/order-timeline.repository';
import type { PushSender } from '../push/push.service';
import { getGeneralOptions } from '../settings/settings.repository';
import {
  type EsimPackageRow,
  expirePackage,
  findEsimOwner,
  listDueActivePackages,
  listEsimsWithActivePackage,
  lockActivePackage,
  markEsimInstalled,
  recordPackageUsage,
  startNextQueuedPackage,
} from './esims.repository';

/** What applying usage needs: the database, and the senders and texts of the notices. */
export type UsageDeps = {
  db: Db;
  i18n: ServerI18n;
  mailer: Mailer;
  sms: SmsSender;
  push: Pick<PushSender, 'sendToUser'>;
  config: Pick<Config, 'siteUrl'>;
};

type PackageRow = EsimPackageRow;

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

/**
 * The 60 % notice (e-mail or SMS as the owner chose) and the 98 % SMS, queued in the caller's transaction; both
 * also as a push to the owner's devices.
 */
const queueAlert = async (
  deps: UsageDeps,
  tx: Db,
  input: { esimId: string; pkg: PackageRow; percent: number; usedMb: number; level: 'first' | 'second' },
) => {
  const owner = await findEsimOwner(tx, input.esimId);
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
  // Also on the phones and browsers where the customer allowed notifications (none: nothing is queued).
  const tp = deps.i18n.fixedT(locale, 'push');
  await deps.push.sendToUser(
    owner.user.id,
    {
      title: tp(input.level === 'second' ? 'usageAlert.title98' : 'usageAlert.title60', values),
      body: tp('usageAlert.body', values),
      url: '/account/packages',
    },
    tx,
  );
  const wantsSms = input.level === 'second' || owner.user.alertChannel === 'sms';
  // Without a phone number the SMS notice falls back to e-mail, so no one misses it.
  // On the timeline of the order that bought the package (ADR 0031).
  const recordMessage = (channel: 'email' | 'sms', to: string, subject: string | null) =>
    recordOrderEvent(tx, input.pkg.orderId, {
      kind: 'message_sent',
      actor: 'system',
      detail: { channel, to, subject },
    });
  if (wantsSms && owner.user.phone) {
    await deps.sms.send({ to: owner.user.phone, text: t('usageAlert.sms', values) }, tx);
    await recordMessage('sms', owner.user.phone, null);
    return;
  }
  const subject = t('usageAlert.subject', values);
  await deps.mailer.send(
    {
      to: owner.user.email,
      subject,
      text: `${t('greeting', { name: owner.user.firstName })}\n\n${t('usageAlert.text', values)}\n\n${t('signature')}`,
    },
    tx,
  );
  await recordMessage('email', owner.user.email, subject);
};

/**
 * Records one usage report for an eSIM's active package (from the sync job, a refresh, or the provider's
 * DATA_USAGE webhook). Under a row lock: the first use starts the validity clock, each notice is sent once
 * (its timestamp is set in the same transaction that queues it, so two runs at once send one), and a package
 * that has used all its data is depleted and the next queued one starts.
 */
export const applyUsage = async (deps: UsageDeps, esimId: string, usedMb: number) => {
  const { alertThresholds } = await getGeneralOptions(deps.db);
  const thresholds = [alertThresholds[0] ?? 60, alertThresholds[1] ?? 98] as const;
  return deps.db.transaction(async (tx) => {
    const pkg = await lockActivePackage(tx, esimId);
    if (!pkg) return null;
    // Usage only grows; an older report arriving late does not undo a newer one.
    const used = Math.max(usedMb, pkg.dataUsedMb);
    const alerts = dueAlerts(pkg, used, thresholds);
    const depleted = pkg.dataMb !== null && used >= pkg.dataMb;
    const firstUse = !pkg.activatedAt && used > 0;
    await recordPackageUsage(tx, pkg, { usedMb: used, firstUse, alerts, depleted });
    // One notice per run: when usage jumps past both thresholds, the 98 % SMS says it all.
    if (alerts.second)
      await queueAlert(deps, tx, { esimId, pkg, percent: alerts.percent, usedMb: used, level: 'second' });
    else if (alerts.first)
      await queueAlert(deps, tx, { esimId, pkg, percent: alerts.percent, usedMb: used, level: 'first' });
    if (firstUse) await markEsimInstalled(tx, esimId);
    const started = depleted ? await startNextQueuedPackage(tx, esimId) : null;
    return { packageId: pkg.id, usedMb: used, depleted, startedPackageId: started?.id ?? null };
  });
};

/** Ends active packages whose validity is over and starts the next queued one on each eSIM. */
export const expireDuePackages = async (deps: { db: Db }) => {
  const due = await listDueActivePackages(deps.db);
  for (const row of due)
    await deps.db.transaction(async (tx) => {
      if (await expirePackage(tx, row.id)) await startNextQueuedPackage(tx, row.esimId);
    });
  return due.length;
};

/**
 * The scheduled usage sync (issue 5): asks the provider for the usage of every eSIM with an active package, in
 * batches, and applies each report; then expires packages past their validity.
 */
export const syncUsage = async (
  deps: UsageDeps & { esimProvider: EsimProvider },
  log: FastifyBaseLogger,
  batchSize = 50,
) => {
  const active = await listEsimsWithActivePackage(deps.db);
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
