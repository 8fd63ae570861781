import type { SettingVersion } from '@esim/contracts/staff';
import { contentPages, type Db, defaultGeneralOptions, settings, settingVersions, users } from '@esim/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

export type GeneralOptions = typeof defaultGeneralOptions;
export type SettingSubject = (typeof settingVersions.$inferSelect)['subject'];

export const getGeneralOptions = async (db: Db): Promise<GeneralOptions> => {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'general')).limit(1);
  return { ...defaultGeneralOptions, ...((row?.value as Partial<GeneralOptions> | undefined) ?? {}) };
};

/**
 * Serialises writers of one subject and locale for the rest of the transaction (two staff saving at once: the
 * second waits, then sees the first's version and is told the record changed).
 */
export const lockSubject = async (tx: Db, subject: SettingSubject, locale: string) => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`setting:${subject}:${locale}`}))`);
};

export const latestVersionNumber = async (db: Db, subject: SettingSubject, locale: string) => {
  const [row] = await db
    .select({ version: settingVersions.version })
    .from(settingVersions)
    .where(and(eq(settingVersions.subject, subject), eq(settingVersions.locale, locale)))
    .orderBy(desc(settingVersions.version))
    .limit(1);
  return row?.version ?? 0;
};

const restoredVersion = alias(settingVersions, 'restored_version');

/** A subject's versions, newest first, with who made each and what it restored. */
export const listVersions = async (
  db: Db,
  subject: SettingSubject,
  locale: string,
  limit = 50,
): Promise<SettingVersion[]> => {
  const rows = await db
    .select({
      id: settingVersions.id,
      version: settingVersions.version,
      createdAt: settingVersions.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      restoredFrom: restoredVersion.version,
    })
    .from(settingVersions)
    .leftJoin(users, eq(users.id, settingVersions.staffUserId))
    .leftJoin(restoredVersion, eq(restoredVersion.id, settingVersions.restoredFromId))
    .where(and(eq(settingVersions.subject, subject), eq(settingVersions.locale, locale)))
    .orderBy(desc(settingVersions.version))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    staffName: row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim(),
    restoredFrom: row.restoredFrom,
    createdAt: row.createdAt.toISOString(),
  }));
};

export const getVersion = async (db: Db, id: string) =>
  (await db.select().from(settingVersions).where(eq(settingVersions.id, id)).limit(1))[0];

export const insertVersion = async (tx: Db, row: typeof settingVersions.$inferInsert) => {
  const [inserted] = await tx.insert(settingVersions).values(row).returning();
  if (!inserted) throw new Error('setting version not written');
  return inserted;
};

/** The current general options row; written only by the settings service's one write path (ADR 0063). */
export const writeGeneralOptions = (tx: Db, value: GeneralOptions) =>
  tx
    .insert(settings)
    .values({ key: 'general', value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });

export const getPolicyPage = async (db: Db, key: 'privacy' | 'terms', locale: string) =>
  (
    await db
      .select()
      .from(contentPages)
      .where(and(eq(contentPages.key, key), eq(contentPages.locale, locale)))
      .limit(1)
  )[0];

/** The current text of a policy in one locale; written only by the settings service's one write path. */
export const writePolicyPage = (
  tx: Db,
  key: 'privacy' | 'terms',
  locale: string,
  text: { title: string; body: string },
) =>
  tx
    .insert(contentPages)
    .values({ key, locale, ...text })
    .onConflictDoUpdate({
      target: [contentPages.key, contentPages.locale],
      set: { ...text, updatedAt: sql`now()` },
    });
