import {
  type Db,
  esimPackages,
  esims,
  giftEsims,
  orders,
  packages,
  payments,
  subscribers,
  users,
} from '@esim/db';
import { and, asc, desc, eq, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
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

/** The packages an order put on eSIMs, each with its eSIM (what a package-cancelling refund cancels). */
export const listOrderPackages = (db: Db, orderId: string) =>
  db
    .select({ esimPackage: esimPackages, esim: esims })
    .from(esimPackages)
    .innerJoin(esims, eq(esims.id, esimPackages.esimId))
    .where(eq(esimPackages.orderId, orderId));

/** Longest a checkout stays payable (as `order-conflicts.repository.ts` counts it), with a margin. */
const checkoutLifetimeMinutes = 45;

/**
 * Orders that still wait on an eSIM (ADR 0091), other than `exceptOrderId` (the order the eSIM was bought with):
 * one whose package is active or queued on it, and a top-up or change of it that is paid and not carried out
 * (being fulfilled, in review, or failed and not refunded) or awaits payment on a checkout that can still be
 * paid. One SQL rule for the unused condition and for the names in a refusal; `esimId` is an id or the outer
 * query's `esims.id`.
 */
const waitingOrders = (esimId: SQL | string, exceptOrderId: SQL | string | null) => {
  const except = exceptOrderId === null ? sql`true` : sql`o.id is distinct from ${exceptOrderId}`;
  return sql`(
    select o.id, o.number from ${esimPackages} p join ${orders} o on o.id = p.order_id
      where p.esim_id = ${esimId} and p.status in ('active', 'queued') and ${except}
    union
    select o.id, o.number from ${orders} o
      where o.target_esim_id = ${esimId} and o.kind in ('topup', 'change_esim') and ${except}
        and ((o.fulfilment_status in ('paid', 'for_review', 'failed') and o.refunded_cents < o.total_cents and o.paid_at is not null)
          or (o.fulfilment_status = 'pending' and exists (select 1 from ${payments} pay where pay.order_id = o.id
            and pay.status = 'pending' and pay.created_at > now() - make_interval(mins => ${checkoutLifetimeMinutes}))))
  )`;
};

/**
 * An unused eSIM (ADR 0091), the rule for freeing and for cancelling: never installed, no package of any order
 * started or carried data, and no other order waits on it (see `waitingOrders`).
 */
export const unusedEsimCondition = () =>
  and(
    eq(esims.status, 'ready'),
    eq(esims.installCount, 0),
    sql`not exists (select 1 from ${esimPackages} where ${esimPackages.esimId} = ${esims.id}
      and (${esimPackages.dataUsedMb} > 0 or ${esimPackages.activatedAt} is not null))`,
    sql`not exists (select 1 from ${waitingOrders(sql`${esims.id}`, sql`${esims.orderId}`)} w)`,
  );

/** Whether one eSIM is unused now (asked again under its row lock before it is freed or cancelled). */
export const isEsimUnused = async (db: Db, esimId: string) => {
  const [row] = await db
    .select({ id: esims.id })
    .from(esims)
    .where(and(eq(esims.id, esimId), unusedEsimCondition()))
    .limit(1);
  return Boolean(row);
};

/** The numbers of the other orders waiting on an eSIM (what a refusal to cancel it names). */
export const listOrdersWaitingOnEsim = async (db: Db, esimId: string, exceptOrderId: string | null) => {
  const rows = await db
    .select({ number: sql<string>`w.number` })
    .from(
      sql`${waitingOrders(sql`${esimId}::uuid`, exceptOrderId === null ? null : sql`${exceptOrderId}::uuid`)} w`,
    )
    .orderBy(sql`w.number`);
  return rows.map((row) => row.number);
};

/**
 * Ends a profile in our records (ADR 0091): `freed` or `cancelled` with the time, and its packages that still
 * carried data `deleted` (they went with the profile). Once: an eSIM that ended already is left as it is.
 */
export const endEsim = async (db: Db, esimId: string, status: 'freed' | 'cancelled') => {
  const [ended] = await db
    .update(esims)
    .set({ status, endedAt: sql`now()` })
    .where(and(eq(esims.id, esimId), inArray(esims.status, ['ready', 'installed'])))
    .returning();
  if (!ended) return undefined;
  const deleted = await db
    .update(esimPackages)
    .set({ status: 'deleted' })
    .where(and(eq(esimPackages.esimId, esimId), inArray(esimPackages.status, ['queued', 'active'])))
    .returning({ id: esimPackages.id });
  return { esim: ended, deletedPackages: deleted.length };
};

/**
 * Who holds and who paid for an eSIM (the notice when it ends): the order that bought it, its owner's account,
 * the gift's recipient before a claim, and the shop's subscriber's name.
 */
export const getEsimParties = async (db: Db, esimId: string) => {
  const [row] = await db
    .select({
      esim: esims,
      order: {
        id: orders.id,
        number: orders.number,
        kind: orders.kind,
        userId: orders.userId,
        buyerName: orders.buyerName,
        buyerEmail: orders.buyerEmail,
        locale: orders.locale,
        packageSnapshot: orders.packageSnapshot,
        paidAt: orders.paidAt,
      },
      owner: { id: users.id, email: users.email, firstName: users.firstName, locale: users.locale },
      gift: {
        recipientEmail: giftEsims.recipientEmail,
        recipientName: giftEsims.recipientName,
        recipientLocale: giftEsims.recipientLocale,
        claimedAt: giftEsims.claimedAt,
      },
      subscriber: sql<string | null>`${subscribers.name} || ' ' || ${subscribers.lastname}`,
    })
    .from(esims)
    .leftJoin(orders, eq(orders.id, esims.orderId))
    .leftJoin(users, eq(users.id, esims.userId))
    .leftJoin(giftEsims, eq(giftEsims.orderId, esims.orderId))
    .leftJoin(subscribers, eq(subscribers.id, esims.subscriberId))
    .where(eq(esims.id, esimId))
    .limit(1);
  return row;
};
