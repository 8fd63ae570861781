import {
  type Balances,
  type CreditBucket,
  type CreditEntryKind,
  creditEntryKinds,
  type LedgerEntry,
  type Statement,
  type StatementQuery,
} from '@esim/contracts';
import type { Db } from '@esim/db';
import { AppError } from '../../lib/app-error';
import { type CsvColumn, csvStream } from '../../lib/csv';
import { batchesOf, toPaged } from '../../lib/list-query';
import {
  getLastEntryBefore,
  getShopBalances,
  insertLedgerRows,
  type LedgerRow,
  listLedgerPage,
  listLedgerRowsOfOrder,
  lockShopBalances,
  type NewLedgerRow,
  setShopBalances,
  summarisePeriod,
} from './credits.repository';

/**
 * The shop credit ledger (DESIGN sections 3 and 7, ADR 0019). Every change of a shop's balances goes through
 * `postEntries`, inside the caller's transaction: it locks the shop's row, writes one ledger row per bucket moved
 * (each with a unique idempotency key and the balances after it) and sets the balances, so balance and ledger
 * change together or not at all. A balance never goes below zero: the spend is checked under the lock, and the
 * database's check constraints refuse anything that slipped past.
 */

export type Movement = {
  kind: CreditEntryKind;
  bucket: CreditBucket;
  amountCents: number;
  idempotencyKey: string;
};

/** Applies movements to a shop's balances under its row lock; keys already in the ledger are skipped. */
export const postEntries = async (
  tx: Db,
  input: {
    shopId: string;
    orderId: string | null;
    userId?: string | null;
    /** Why (a staff adjustment's reason), shown on the statement. */
    note?: string | null;
    movements: Movement[];
  },
) => {
  const shop = await lockShopBalances(tx, input.shopId);
  if (!shop) throw new AppError('NOT_FOUND');
  return postLocked(tx, shop, input);
};

const postLocked = async (
  tx: Db,
  shop: { id: string; creditCents: number; bonusCents: number },
  input: { orderId: string | null; userId?: string | null; note?: string | null; movements: Movement[] },
) => {
  let credit = shop.creditCents;
  let bonus = shop.bonusCents;
  const rows: NewLedgerRow[] = [];
  for (const m of input.movements) {
    if (m.amountCents === 0) continue;
    if (m.bucket === 'credit') credit += m.amountCents;
    else bonus += m.amountCents;
    if (credit < 0 || bonus < 0) throw new Error(`ledger: ${m.kind} would make a balance negative`);
    rows.push({
      shopId: shop.id,
      kind: m.kind,
      bucket: m.bucket,
      amountCents: m.amountCents,
      orderId: input.orderId,
      idempotencyKey: m.idempotencyKey,
      creditAfterCents: credit,
      bonusAfterCents: bonus,
      userId: input.userId ?? null,
      note: input.note ?? null,
    });
  }
  if (rows.length === 0)
    return { inserted: [] as LedgerRow[], creditCents: shop.creditCents, bonusCents: shop.bonusCents };
  const inserted = await insertLedgerRows(tx, rows);
  if (inserted.length !== rows.length) {
    // Keys already there: this was applied before. All of a call's keys go in together, so none is new.
    if (inserted.length > 0) throw new Error('ledger: a repeated posting was partly new');
    return { inserted, creditCents: shop.creditCents, bonusCents: shop.bonusCents };
  }
  await setShopBalances(tx, shop.id, { creditCents: credit, bonusCents: bonus });
  return { inserted, creditCents: credit, bonusCents: bonus };
};

/**
 * Which bucket a purchase spends (ADR 0019): paid credit first, then bonus. The split of an amount over the
 * balances; null when they do not cover it.
 */
export const splitSpend = (amountCents: number, balances: { creditCents: number; bonusCents: number }) => {
  if (amountCents > balances.creditCents + balances.bonusCents) return null;
  const fromCredit = Math.min(amountCents, balances.creditCents);
  return { creditCents: fromCredit, bonusCents: amountCents - fromCredit };
};

const formatEuro = (cents: number) => (cents / 100).toFixed(2);

/**
 * Debits a purchase from a shop inside the transaction that creates its order. The shop's row must be locked by
 * the caller first (`lockShopForPurchase`), so the balances read there are the ones spent here. Not enough →
 * INSUFFICIENT_CREDIT with the amount missing (the caller's transaction then rolls back: nothing is written).
 */
export const debitPurchase = async (
  tx: Db,
  shop: { id: string; creditCents: number; bonusCents: number },
  input: { orderId: string; amountCents: number; userId: string | null },
) => {
  const split = splitSpend(input.amountCents, shop);
  if (!split) throw insufficientCredit(input.amountCents - shop.creditCents - shop.bonusCents);
  return postLocked(tx, shop, {
    orderId: input.orderId,
    userId: input.userId,
    movements: [
      {
        kind: 'purchase',
        bucket: 'credit',
        amountCents: -split.creditCents,
        idempotencyKey: `purchase:${input.orderId}:credit`,
      },
      {
        kind: 'purchase',
        bucket: 'bonus',
        amountCents: -split.bonusCents,
        idempotencyKey: `purchase:${input.orderId}:bonus`,
      },
    ],
  });
};

export const insufficientCredit = (missingCents: number) =>
  new AppError('INSUFFICIENT_CREDIT', { amountCents: ['errors.INSUFFICIENT_CREDIT'] }, undefined, {
    missing: formatEuro(missingCents),
  });

/** Locks the shop and reads its balances, for a purchase in the same transaction. */
export const lockShopForPurchase = lockShopBalances;

/**
 * A paid top-up: its amount to paid credit and its quoted bonus to bonus, in one transaction, once per order
 * however often the payment is confirmed (the keys are the order's).
 */
export const creditTopUp = (
  tx: Db,
  input: { shopId: string; orderId: string; amountCents: number; bonusCents: number },
) =>
  postEntries(tx, {
    shopId: input.shopId,
    orderId: input.orderId,
    movements: [
      {
        kind: 'topup',
        bucket: 'credit',
        amountCents: input.amountCents,
        idempotencyKey: `topup:${input.orderId}`,
      },
      {
        kind: 'bonus',
        bucket: 'bonus',
        amountCents: input.bonusCents,
        idempotencyKey: `bonus:${input.orderId}`,
      },
    ],
  });

/**
 * Gives a purchase's credits back to the buckets it came from (an order that finally failed). Once: the refund
 * keys are the order's, so a repeated failure or a retried job adds nothing.
 */
export const refundPurchase = async (tx: Db, input: { shopId: string; orderId: string }) => {
  const spent = await listLedgerRowsOfOrder(tx, input.orderId, ['purchase']);
  return postEntries(tx, {
    shopId: input.shopId,
    orderId: input.orderId,
    movements: spent.map((row) => ({
      kind: 'refund' as const,
      bucket: row.bucket,
      amountCents: -row.amountCents,
      idempotencyKey: `refund:${input.orderId}:${row.bucket}`,
    })),
  });
};

export const toBalances = (row: {
  creditCents: number;
  bonusCents: number;
  lowBalanceThresholdCents?: number | null;
}): Balances => ({
  creditCents: row.creditCents,
  bonusCents: row.bonusCents,
  totalCents: row.creditCents + row.bonusCents,
  lowBalanceThresholdCents: row.lowBalanceThresholdCents ?? null,
  currency: 'EUR',
});

export const getBalances = async (deps: { db: Db }, shopId: string) => {
  const row = await getShopBalances(deps.db, shopId);
  if (!row) throw new AppError('NOT_FOUND');
  return toBalances(row);
};

const dayMs = 86_400_000;

/** A period of whole UTC days, `to` included; `to` before `from` is a field error. */
export const periodOf = (query: Pick<StatementQuery, 'from' | 'to'>) => {
  const from = new Date(`${query.from}T00:00:00.000Z`);
  const to = new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + dayMs);
  if (to <= from) throw new AppError('VALIDATION_FAILED', { to: ['invalid'] });
  return { from, to };
};

const toLedgerEntry = (row: LedgerRow, orderNumber: string | null): LedgerEntry => ({
  id: row.id,
  kind: row.kind,
  bucket: row.bucket,
  amountCents: row.amountCents,
  orderId: row.orderId,
  orderNumber,
  creditAfterCents: row.creditAfterCents,
  bonusAfterCents: row.bonusAfterCents,
  balanceAfterCents: row.creditAfterCents + row.bonusAfterCents,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
});

const pointOf = (row: { creditAfterCents: number; bonusAfterCents: number } | undefined) => {
  const creditCents = row?.creditAfterCents ?? 0;
  const bonusCents = row?.bonusAfterCents ?? 0;
  return { creditCents, bonusCents, totalCents: creditCents + bonusCents };
};

/**
 * A statement: opening balances (after the last entry before the period), the period's entries with their
 * running balance, totals per kind and the closing balances. Opening + totals = closing, exactly, because every
 * row carries the balances after it and rows are written one shop at a time.
 */
export const getStatement = async (
  deps: { db: Db },
  shopId: string,
  query: StatementQuery,
): Promise<Statement> => {
  const period = periodOf(query);
  const before = await getLastEntryBefore(deps.db, shopId, period.from);
  const { totals, last } = await summarisePeriod(deps.db, shopId, period);
  const count = totals.reduce((n, t) => n + t.n, 0);
  const opening = pointOf(before);
  const closing = last ? pointOf(last) : opening;
  const rows = count === 0 ? [] : await listLedgerPage(deps.db, shopId, period, query);
  return {
    from: query.from,
    to: query.to,
    opening,
    closing,
    totals: Object.fromEntries(
      creditEntryKinds.map((kind) => [kind, totals.find((t) => t.kind === kind)?.amountCents ?? 0]),
    ) as Record<CreditEntryKind, number>,
    entries: toPaged(
      query,
      count,
      rows.map((r) => toLedgerEntry(r.entry, r.orderNumber)),
    ),
  };
};

const statementColumns: CsvColumn<LedgerEntry>[] = [
  { header: 'createdAt', value: (e) => e.createdAt },
  { header: 'kind', value: (e) => e.kind },
  { header: 'bucket', value: (e) => e.bucket },
  { header: 'orderNumber', value: (e) => e.orderNumber },
  { header: 'amountCents', value: (e) => e.amountCents },
  { header: 'creditAfterCents', value: (e) => e.creditAfterCents },
  { header: 'bonusAfterCents', value: (e) => e.bonusAfterCents },
  { header: 'balanceAfterCents', value: (e) => e.balanceAfterCents },
];

/** Every entry of the period with its running balance, streamed (a busy shop's year is many thousand rows). */
export const exportStatement = (
  deps: { db: Db },
  shopId: string,
  query: Pick<StatementQuery, 'from' | 'to'>,
) => {
  const period = periodOf(query);
  return csvStream(
    statementColumns,
    (async function* () {
      for await (const batch of batchesOf((window) =>
        listLedgerPage(deps.db, shopId, period, {
          page: window.offset / window.limit + 1,
          pageSize: window.limit,
        }),
      ))
        yield batch.map((r) => toLedgerEntry(r.entry, r.orderNumber));
    })(),
  );
};
