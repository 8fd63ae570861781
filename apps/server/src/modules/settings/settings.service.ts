import {
  type GeneralOptions,
  type GeneralOptionsResponse,
  generalOptionsSchema,
  type PolicyResponse,
  type SettingSaved,
} from '@esim/contracts/staff';
import { type Db, defaultGeneralOptions } from '@esim/db';
import type { TFunction } from 'i18next';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { recordChange } from '../audit/audit.repository';
import {
  getGeneralOptions,
  getPolicyPage,
  getVersion,
  insertVersion,
  latestVersionNumber,
  listVersions,
  lockSubject,
  type SettingSubject,
  writeGeneralOptions,
  writePolicyPage,
} from './settings.repository';

type PolicyKey = 'privacy' | 'terms';
type PolicyText = { title: string; body: string };

/** What a subject's current value is, and how to write it (the current row other modules read). */
const subjects = {
  general: {
    read: async (db: Db) => (await getGeneralOptions(db)) as Record<string, unknown>,
    write: (tx: Db, _locale: string, value: Record<string, unknown>) =>
      // An old version may predate a newer option: the default fills it, as getGeneralOptions does.
      writeGeneralOptions(tx, generalOptionsSchema.parse({ ...defaultGeneralOptions, ...value })),
  },
  privacy: policySubject('privacy'),
  terms: policySubject('terms'),
} satisfies Record<
  SettingSubject,
  {
    read: (db: Db, locale: string) => Promise<Record<string, unknown> | null>;
    write: (tx: Db, locale: string, value: Record<string, unknown>) => Promise<unknown>;
  }
>;

function policySubject(key: PolicyKey) {
  return {
    read: async (db: Db, locale: string): Promise<Record<string, unknown> | null> => {
      const page = await getPolicyPage(db, key, locale);
      return page ? { title: page.title, body: page.body } : null;
    },
    write: (tx: Db, locale: string, value: Record<string, unknown>) =>
      writePolicyPage(tx, key, locale, { title: String(value.title), body: String(value.body) }),
  };
}

type WriteInput = {
  subject: SettingSubject;
  locale: string;
  value: Record<string, unknown>;
  /** The version the staff member saw; another one means someone saved in between (RECORD_CHANGED). */
  expectedVersion: number;
  staffUserId: string;
  restoredFromId?: string;
};

/**
 * The one write path of every staff setting (ADR 0063): under the subject's lock, checks the version, keeps the
 * value the change replaces as version 1 when nothing was versioned yet (seeded or migrated data), writes the
 * new version, the current value other modules read, and the audit row, all in one transaction.
 */
const writeSetting = (db: Db, input: WriteInput) =>
  db.transaction(async (tx) => {
    const { subject, locale } = input;
    await lockSubject(tx, subject, locale);
    let latest = await latestVersionNumber(tx, subject, locale);
    if (latest !== input.expectedVersion) throw new AppError('RECORD_CHANGED');
    const before = await subjects[subject].read(tx, locale);
    if (latest === 0 && before) {
      await insertVersion(tx, { subject, locale, version: 1, value: before, staffUserId: null });
      latest = 1;
    }
    const row = await insertVersion(tx, {
      subject,
      locale,
      version: latest + 1,
      value: input.value,
      staffUserId: input.staffUserId,
      restoredFromId: input.restoredFromId ?? null,
    });
    await subjects[subject].write(tx, locale, input.value);
    await recordChange(tx, {
      staffUserId: input.staffUserId,
      action: input.restoredFromId ? 'setting.restore' : 'setting.update',
      entityType: 'setting',
      entityId: row.id,
      before: before && { subject, locale, ...before },
      after: { subject, locale, ...input.value },
    });
    return row.version;
  });

export const getGeneralOptionsForStaff = async (
  deps: Pick<AppDeps, 'db'>,
): Promise<GeneralOptionsResponse> => {
  const [options, version, versions] = await Promise.all([
    getGeneralOptions(deps.db),
    latestVersionNumber(deps.db, 'general', ''),
    listVersions(deps.db, 'general', ''),
  ]);
  return { options: generalOptionsSchema.parse(options), version, versions };
};

export const saveGeneralOptions = async (
  deps: Pick<AppDeps, 'db'>,
  input: { options: GeneralOptions; version: number; staffUserId: string; t: TFunction },
): Promise<SettingSaved> => {
  const version = await writeSetting(deps.db, {
    subject: 'general',
    locale: '',
    value: input.options,
    expectedVersion: input.version,
    staffUserId: input.staffUserId,
  });
  return { message: input.t('admin:settings.saved'), version };
};

/** Restores an earlier version as a new one (so the history keeps both the change and its undoing). */
export const restoreVersion = async (
  deps: Pick<AppDeps, 'db'>,
  input: {
    subject: SettingSubject;
    locale: string;
    versionId: string;
    version: number;
    staffUserId: string;
    t: TFunction;
  },
): Promise<SettingSaved> => {
  const earlier = await getVersion(deps.db, input.versionId);
  if (!earlier || earlier.subject !== input.subject || earlier.locale !== input.locale)
    throw new AppError('NOT_FOUND');
  const version = await writeSetting(deps.db, {
    subject: input.subject,
    locale: input.locale,
    value: earlier.value,
    expectedVersion: input.version,
    staffUserId: input.staffUserId,
    restoredFromId: earlier.id,
  });
  return { message: input.t('admin:settings.restored', { version: earlier.version }), version };
};

export const getPolicyForStaff = async (
  deps: Pick<AppDeps, 'db'>,
  key: PolicyKey,
  locale: PolicyResponse['locale'],
): Promise<PolicyResponse> => {
  const [page, version, versions] = await Promise.all([
    getPolicyPage(deps.db, key, locale),
    latestVersionNumber(deps.db, key, locale),
    listVersions(deps.db, key, locale),
  ]);
  return { key, locale, title: page?.title ?? '', body: page?.body ?? '', version, versions };
};

export const savePolicy = async (
  deps: Pick<AppDeps, 'db'>,
  input: {
    key: PolicyKey;
    locale: string;
    text: PolicyText;
    version: number;
    staffUserId: string;
    t: TFunction;
  },
): Promise<SettingSaved> => {
  const version = await writeSetting(deps.db, {
    subject: input.key,
    locale: input.locale,
    value: input.text,
    expectedVersion: input.version,
    staffUserId: input.staffUserId,
  });
  return { message: input.t('admin:settings.saved'), version };
};
