import { type Db, esimPackages, esims, packages, users } from '@esim/db';
import { and, asc, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { type OwnerScope, ownerCondition } from '../../lib/list-query';

export type EsimRow = typeof esims.$inferSelect;
export type EsimPackageRow = typeof esimPackages.$inferSelect;

export type EsimScope = OwnerScope;

const scopeCondition = (scope: EsimScope) => ownerCondition(scope, esims);

/** A shop's subscriber's eSIMs, newest first. */
export const listSubscriberEsims = (db: Db, shopId: string, subscriberId: string) =>
  db
    .select()
    .from(esims)
    .where(and(eq(esims.shopId, shopId), eq(esims.subscriberId, subscriberId)))
    .orderBy(desc(esims.createdAt));

/** The eSIMs in a scope, newest first. */
export const listEsims = (db: Db, filters: { scope: EsimScope }) =>
  db.select().from(esims).where(scopeCondition(filters.scope)).orderBy(desc(esims.createdAt));

/** One eSIM if it is in the caller's scope; undefined otherwise (the route answers 404). */
export const getEsim = async (db: Db, esimId: string, scope: EsimScope = 'all') => {
  const [row] = await db
    .select()
    .from(esims)
    .where(and(eq(esims.id, esimId), scopeCondition(scope)))
    .limit(1);
  return row;
};

export const getEsimForOrder = async (db: Db, orderId: string) => {
  const [row] = await db.select().from(esims).where(eq(esims.orderId, orderId)).limit(1);
  return row;
};

/** The eSIM a provider notice is about: by the provider's reference or, when given, the ICCID. */
export const findEsimByProviderRef = async (db: Db, providerRef: string, iccid?: string | null) => {
  const [row] = await db
    .select({ id: esims.id })
    .from(esims)
    .where(or(eq(esims.providerRef, providerRef), iccid ? eq(esims.iccid, iccid) : undefined))
    .limit(1);
  return row;
};

/** The customer who owns an eSIM, with its ICCID; undefined for a shop's eSIM. */
export const findEsimOwner = async (db: Db, esimId: string) => {
  const [row] = await db
    .select({ user: users, iccid: esims.iccid })
    .from(esims)
    .innerJoin(users, eq(users.id, esims.userId))
    .where(eq(esims.id, esimId))
    .limit(1);
  return row;
};

export const lockEsim = async (db: Db, esimId: string) => {
  const [row] = await db.select().from(esims).where(eq(esims.id, esimId)).for('update').limit(1);
  return row;
};

/** Stores the eSIM; the same profile again (a retried job) returns the existing row. */
export const upsertEsim = async (db: Db, values: typeof esims.$inferInsert) => {
  const [inserted] = await db.insert(esims).values(values).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [existing] = await db.select().from(esims).where(eq(esims.iccid, values.iccid)).limit(1);
  if (!existing) throw new Error('eSIM upsert found no row');
  return existing;
};

export const updateEsim = (db: Db, esimId: string, values: Partial<typeof esims.$inferInsert>) =>
  db.update(esims).set(values).where(eq(esims.id, esimId));

/** Data flowing means the profile is on a phone: a "ready" eSIM counts as installed once. */
export const markEsimInstalled = (db: Db, esimId: string) =>
  db
    .update(esims)
    .set({ status: 'installed', installCount: sql`greatest(${esims.installCount}, 1)` })
    .where(and(eq(esims.id, esimId), eq(esims.status, 'ready')));

/** eSIMs in use with an active package: what the usage sync asks the provider about. */
export const listEsimsWithActivePackage = (db: Db) =>
  db
    .selectDistinct({ id: esims.id, providerRef: esims.providerRef })
    .from(esims)
    .innerJoin(esimPackages, eq(esimPackages.esimId, esims.id))
    .where(and(eq(esimPackages.status, 'active'), inArray(esims.status, ['ready', 'installed'])));

export const insertEsimPackage = (db: Db, values: typeof esimPackages.$inferInsert) =>
  db.insert(esimPackages).values(values).onConflictDoNothing();

/** The packages of some eSIMs, oldest first. */
export const listPackagesOfEsims = (db: Db, esimIds: string[]) =>
  esimIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(esimPackages)
        .where(inArray(esimPackages.esimId, esimIds))
        .orderBy(asc(esimPackages.createdAt));

/** The terms the eSIM was bought with: its first package's snapshot. */
export const findFirstPackageSnapshot = async (db: Db, esimId: string) => {
  const [first] = await db
    .select({ snapshot: esimPackages.snapshot })
    .from(esimPackages)
    .where(eq(esimPackages.esimId, esimId))
    .orderBy(asc(esimPackages.createdAt))
    .limit(1);
  return first?.snapshot;
};

/** The catalogue package the eSIM was first bought with. */
export const findOriginalPackage = async (db: Db, esimId: string) => {
  const [row] = await db
    .select({ p: packages })
    .from(esimPackages)
    .innerJoin(packages, eq(packages.id, esimPackages.packageId))
    .where(eq(esimPackages.esimId, esimId))
    .orderBy(asc(esimPackages.createdAt))
    .limit(1);
  return row?.p;
};

export const hasActivePackage = async (db: Db, esimId: string) => {
  const [row] = await db
    .select({ id: esimPackages.id })
    .from(esimPackages)
    .where(and(eq(esimPackages.esimId, esimId), eq(esimPackages.status, 'active')))
    .limit(1);
  return Boolean(row);
};

/** The active package of an eSIM, locked for the rest of the transaction (usage reports serialise on it). */
export const lockActivePackage = async (db: Db, esimId: string) => {
  const [row] = await db
    .select()
    .from(esimPackages)
    .where(and(eq(esimPackages.esimId, esimId), eq(esimPackages.status, 'active')))
    .limit(1)
    .for('update');
  return row;
};

/** Active and queued packages of an eSIM, oldest first (what a change of eSIM moves). */
export const listMovablePackages = (db: Db, esimId: string) =>
  db
    .select()
    .from(esimPackages)
    .where(and(eq(esimPackages.esimId, esimId), inArray(esimPackages.status, ['active', 'queued'])))
    .orderBy(asc(esimPackages.createdAt));

/** Moves every active and queued package from one eSIM to another in one statement: each is in one place. */
export const movePackages = (db: Db, fromEsimId: string, toEsimId: string) =>
  db
    .update(esimPackages)
    .set({ esimId: toEsimId })
    .where(and(eq(esimPackages.esimId, fromEsimId), inArray(esimPackages.status, ['active', 'queued'])))
    .returning({ id: esimPackages.id });

/**
 * Records usage on a package. `firstUse` starts the validity clock; `alerts` stamps the notices being sent;
 * `depleted` ends the package.
 */
export const recordPackageUsage = (
  db: Db,
  pkg: Pick<EsimPackageRow, 'id' | 'validityDays'>,
  input: {
    usedMb: number;
    firstUse: boolean;
    alerts: { first: boolean; second: boolean };
    depleted: boolean;
  },
) =>
  db
    .update(esimPackages)
    .set({
      dataUsedMb: input.usedMb,
      usageUpdatedAt: sql`now()`,
      ...(input.firstUse
        ? { activatedAt: sql`now()`, expiresAt: sql`now() + make_interval(days => ${pkg.validityDays})` }
        : {}),
      ...(input.alerts.first ? { alert60SentAt: sql`now()` } : {}),
      ...(input.alerts.second ? { alert98SentAt: sql`now()` } : {}),
      ...(input.depleted ? { status: 'depleted' as const } : {}),
    })
    .where(eq(esimPackages.id, pkg.id));

/** Starts the oldest queued package of an eSIM (when the active one ends); returns it, if any. */
export const startNextQueuedPackage = async (db: Db, esimId: string) => {
  const [next] = await db
    .select()
    .from(esimPackages)
    .where(and(eq(esimPackages.esimId, esimId), eq(esimPackages.status, 'queued')))
    .orderBy(asc(esimPackages.createdAt))
    .limit(1)
    .for('update');
  if (!next) return null;
  await db
    .update(esimPackages)
    .set({
      status: 'active',
      activatedAt: sql`now()`,
      expiresAt: sql`now() + make_interval(days => ${next.validityDays})`,
    })
    .where(eq(esimPackages.id, next.id));
  return next;
};

/** Active packages whose validity is over. */
export const listDueActivePackages = (db: Db) =>
  db
    .select({ id: esimPackages.id, esimId: esimPackages.esimId })
    .from(esimPackages)
    .where(and(eq(esimPackages.status, 'active'), lte(esimPackages.expiresAt, sql`now()`)));

/** Ends an active package; false when it was not active any more (another run got there first). */
export const expirePackage = async (db: Db, packageId: string) => {
  const ended = await db
    .update(esimPackages)
    .set({ status: 'expired' })
    .where(and(eq(esimPackages.id, packageId), eq(esimPackages.status, 'active')))
    .returning({ id: esimPackages.id });
  return ended.length > 0;
};
