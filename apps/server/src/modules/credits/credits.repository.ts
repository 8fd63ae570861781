import type { PageQuery } from '@esim/contracts';
import type { CreditBucket, CreditEntryKind } from '@esim/contracts/portal';
import { creditLedger, type Db, orders, shops, users } from '@esim/db';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, sum } from 'drizzle-orm';
import { defineListQuery } from '../../lib/list-query';

export type LedgerRow = typeof creditLedger.$inferSelect;
export type ShopBalances = {
  id: string;
  status: (typeof shops.$inferSelect)['status'];
  deletedAt: Date | null;
  sellShopPrice: number;
  creditCents: number;
  bonusCents: number;
  lowBalanceThresholdCents: number | null;
  lowBalanceAlertArmed: boolean;
  lowBalanceAlertedAt: Date | null;
};

/**
 * Locks the shop's row for the rest of the transaction and reads its balances: every movement of one shop's
 * money runs after this, one at a time (ADR 0019), so a balance read here is the balance the entry changes.
 * `for no key update`, not `for update`: rows referencing the shop (the order and subscriber just inserted in the
 * same transaction) hold a key-share lock on it, which `for update` would wait on across transactions (deadlock).
 */
export const lockShopBalances = async (db: Db, shopId: string): Promise<ShopBalances | undefined> => {
  const [row] = await db
    .select({
      id: shops.id,
      status: shops.status,
      deletedAt: shops.deletedAt,
      sellShopPrice: shops.sellShopPrice,
      creditCents: shops.creditCents,
      bonusCents: shops.bonusCents,
      lowBalanceThresholdCents: shops.lowBalanceThresholdCents,
      lowBalanceAlertArmed: shops.lowBalanceAlertArmed,
      lowBalanceAlertedAt: shops.lowBalanceAlertedAt,
    })
    .from(shops)
    .where(eq(shops.id, shopId))
    .for('no key update')
    .limit(1);
  return row;
};

export const getShopBalances = async (db: Db, shopId: string) => {
  const [row] = await db
    .select({
      status: shops.status,
      sellShopPrice: shops.sellShopPrice,
      creditCents: shops.creditCents,
      bonusCents: shops.bonusCents,
      lowBalanceThresholdCents: shops.lowBalanceThresholdCents,
    })
    .from(shops)
    .where(eq(shops.id, shopId))
    .limit(1);
  return row;
};

export type NewLedgerRow = {
  shopId: string;
  kind: CreditEntryKind;
  bucket: CreditBucket;
  amountCents: number;
  orderId: string | null;
  idempotencyKey: string;
  creditAfterCents: number;
  bonusAfterCents: number;
  userId?: string | null;
  note?: string | null;
};

/**
 * Inserts ledger rows whose keys are new; returns the rows inserted (a key already there is skipped, so a
 * repeated call inserts nothing). Called only with the shop's row locked.
 */
export const insertLedgerRows = (db: Db, rows: NewLedgerRow[]) =>
  db
    .insert(creditLedger)
    .values(rows)
    .onConflictDoNothing({ target: creditLedger.idempotencyKey })
    .returning();

/** Sets the shop's balances (the caller holds its row lock and has just written the ledger rows). */
export const setShopBalances = (
  db: Db,
  shopId: string,
  balances: { creditCents: number; bonusCents: number },
) => db.update(shops).set(balances).where(eq(shops.id, shopId));

export const listLedgerRowsOfOrder = (db: Db, orderId: string, kinds: readonly CreditEntryKind[]) =>
  db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.orderId, orderId), inArray(creditLedger.kind, [...kinds])))
    .orderBy(asc(creditLedger.createdAt), asc(creditLedger.id));

export const hasLedgerKey = async (db: Db, idempotencyKey: string) => {
  const [row] = await db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(eq(creditLedger.idempotencyKey, idempotencyKey))
    .limit(1);
  return Boolean(row);
};

/** The last entry of a shop before a moment: its balances are the opening balances of a period. */
export const getLastEntryBefore = async (db: Db, shopId: string, before: Date) => {
  const [row] = await db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.shopId, shopId), lt(creditLedger.createdAt, before)))
    .orderBy(desc(creditLedger.seq))
    .limit(1);
  return row;
};

const periodWhere = (shopId: string, from: Date, to: Date) =>
  and(eq(creditLedger.shopId, shopId), gte(creditLedger.createdAt, from), lt(creditLedger.createdAt, to));

export type LedgerFilters = { shopId: string; from: Date; to: Date };

/**
 * A period's entries in the ledger's order, with the order number of each. The order is `seq`, not time: rows are
 * written under the shop's lock, so created_at (transaction start) could tie or even run backwards between two
 * transactions; `seq` (a bigserial) never does within one shop's locked writes.
 */
const ledgerList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({ entry: creditLedger, orderNumber: orders.number, ...listFields })
      .from(creditLedger)
      .leftJoin(orders, eq(orders.id, creditLedger.orderId))
      .$dynamic(),
  where: (filters: LedgerFilters) => periodWhere(filters.shopId, filters.from, filters.to),
  sortColumns: { seq: creditLedger.seq },
  tiebreak: creditLedger.id,
  defaultSort: 'seq',
});

/** One page of a period's entries and how many there are. */
export const listLedgerEntries = (db: Db, filters: LedgerFilters, page: PageQuery) =>
  ledgerList.page(db, filters, page);

/** Every entry of a period, oldest first, in keyset batches (the statement's CSV and PDF). */
export const streamLedgerEntries = (db: Db, filters: LedgerFilters) => ledgerList.batches(db, filters);

/** A period's totals per kind, how many entries, and its last entry (the closing balances). */
export const summarisePeriod = async (db: Db, shopId: string, period: { from: Date; to: Date }) => {
  const totals = await db
    .select({
      kind: creditLedger.kind,
      amountCents: sum(creditLedger.amountCents).mapWith(Number),
      n: sql<number>`count(*)::int`,
    })
    .from(creditLedger)
    .where(periodWhere(shopId, period.from, period.to))
    .groupBy(creditLedger.kind);
  const [last] = await db
    .select()
    .from(creditLedger)
    .where(periodWhere(shopId, period.from, period.to))
    .orderBy(desc(creditLedger.seq))
    .limit(1);
  return { totals, last };
};

/** Sum of every entry of a shop per bucket (the ledger check: it equals the shop's balances). */
export const sumLedger = async (db: Db, shopId: string) => {
  const rows = await db
    .select({ bucket: creditLedger.bucket, amountCents: sum(creditLedger.amountCents).mapWith(Number) })
    .from(creditLedger)
    .where(eq(creditLedger.shopId, shopId))
    .groupBy(creditLedger.bucket);
  const of = (bucket: CreditBucket) => rows.find((r) => r.bucket === bucket)?.amountCents ?? 0;
  return { creditCents: of('credit'), bonusCents: of('bonus') };
};

/** The low-balance e-mail's state (ADR 0020); the caller holds the shop's row lock. */
export const setLowBalanceAlert = (
  db: Db,
  shopId: string,
  state: { lowBalanceAlertArmed: boolean; lowBalanceAlertedAt?: Date },
) => db.update(shops).set(state).where(eq(shops.id, shopId));

/** Who hears about the shop's money: its active, verified users, each in their own language. */
export const listShopMailRecipients = (db: Db, shopId: string) =>
  db
    .select({ email: users.email, firstName: users.firstName, locale: users.locale })
    .from(users)
    .where(
      and(
        eq(users.shopId, shopId),
        eq(users.kind, 'shop'),
        eq(users.status, 'active'),
        isNull(users.deletedAt),
        isNotNull(users.emailVerifiedAt),
      ),
    );

/** The shop's last entries, newest first, with the order number of each (the portal home's activity). */
export const listRecentLedger = (db: Db, shopId: string, limit: number) =>
  db
    .select({ entry: creditLedger, orderNumber: orders.number })
    .from(creditLedger)
    .leftJoin(orders, eq(orders.id, creditLedger.orderId))
    .where(eq(creditLedger.shopId, shopId))
    .orderBy(desc(creditLedger.seq))
    .limit(limit);

/** The shop's own details (portal profile, statement header). */
export const getShopProfile = async (db: Db, shopId: string) => {
  const [row] = await db
    .select({
      id: shops.id,
      name: shops.name,
      logo: shops.logo,
      sellShopPrice: shops.sellShopPrice,
      lowBalanceThresholdCents: shops.lowBalanceThresholdCents,
    })
    .from(shops)
    .where(eq(shops.id, shopId))
    .limit(1);
  return row;
};

/** The shop's own top-up bonus tiers, or null when the settings' tiers apply. */
export const getShopBonusTiers = async (db: Db, shopId: string) =>
  (await db.select({ tiers: shops.bonusTiers }).from(shops).where(eq(shops.id, shopId)))[0]?.tiers ?? null;
