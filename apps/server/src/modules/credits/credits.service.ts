import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locale } from '@esim/contracts/locales';
import {
  type Balances,
  type CreditBucket,
  type CreditEntryKind,
  creditEntryKinds,
  type LedgerEntry,
  type Statement,
  type StatementQuery,
} from '@esim/contracts/portal';
import type { Db } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import { AppError } from '../../lib/app-error';
import { type CsvColumn, csvStream } from '../../lib/csv';
import { toPaged } from '../../lib/list-query';
import { getGeneralOptions } from '../settings/settings.repository';
import {
  getLastEntryBefore,
  getShopBalances,
  getShopProfile,
  insertLedgerRows,
  type LedgerRow,
  listLedgerEntries,
  listLedgerRowsOfOrder,
  listRecentLedger,
  lockShopBalances,
  type NewLedgerRow,
  setLowBalanceAlert,
  setShopBalances,
  streamLedgerEntries,
  summarisePeriod,
} from './credits.repository';
import { renderStatementPdf, type StatementLabels } from './statement-pdf';

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

/** A locked shop's balances and, when read by `lockShopBalances`, its low-balance e-mail state (ADR 0020). */
type LockedShop = {
  id: string;
  creditCents: number;
  bonusCents: number;
  lowBalanceThresholdCents?: number | null;
  lowBalanceAlertArmed?: boolean;
  lowBalanceAlertedAt?: Date | null;
};

const dayMs = 86_400_000;

/**
 * The low-balance e-mail's rule (ADR 0020), given the shop before a posting and its total after it: at or above
 * the threshold the alert is armed again; a purchase that leaves the total under it sends one e-mail if armed and
 * none went out in the last 24 hours (then it disarms until the balance is back up). Null: nothing changes.
 */
export const lowBalanceStep = (
  shop: Pick<LockedShop, 'lowBalanceThresholdCents' | 'lowBalanceAlertArmed' | 'lowBalanceAlertedAt'>,
  totalAfterCents: number,
  purchase: boolean,
  now: Date,
): { armed: boolean; alert: boolean } | null => {
  const threshold = shop.lowBalanceThresholdCents;
  if (threshold === null || threshold === undefined || shop.lowBalanceAlertArmed === undefined) return null;
  if (totalAfterCents >= threshold) return shop.lowBalanceAlertArmed ? null : { armed: true, alert: false };
  if (!purchase || !shop.lowBalanceAlertArmed) return null;
  if (shop.lowBalanceAlertedAt && now.getTime() - shop.lowBalanceAlertedAt.getTime() < dayMs) return null;
  return { armed: false, alert: true };
};

const postLocked = async (
  tx: Db,
  shop: LockedShop,
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
    return {
      inserted: [] as LedgerRow[],
      creditCents: shop.creditCents,
      bonusCents: shop.bonusCents,
      lowBalanceAlert: false,
    };
  const inserted = await insertLedgerRows(tx, rows);
  if (inserted.length !== rows.length) {
    // Keys already there: this was applied before. All of a call's keys go in together, so none is new.
    if (inserted.length > 0) throw new Error('ledger: a repeated posting was partly new');
    return { inserted, creditCents: shop.creditCents, bonusCents: shop.bonusCents, lowBalanceAlert: false };
  }
  await setShopBalances(tx, shop.id, { creditCents: credit, bonusCents: bonus });
  const now = new Date();
  const step = lowBalanceStep(
    shop,
    credit + bonus,
    input.movements.some((m) => m.kind === 'purchase'),
    now,
  );
  if (step)
    await setLowBalanceAlert(tx, shop.id, {
      lowBalanceAlertArmed: step.armed,
      ...(step.alert ? { lowBalanceAlertedAt: now } : {}),
    });
  return { inserted, creditCents: credit, bonusCents: bonus, lowBalanceAlert: step?.alert ?? false };
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
  shop: LockedShop,
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

/**
 * A refund of a shop's purchase paid with credits gives the amounts back to the buckets they came from (ADR 0019),
 * once per refund (the keys are the refund's). `refundPurchase` above is the whole purchase at once.
 */
export const refundPurchaseShare = (
  tx: Db,
  input: { shopId: string; orderId: string; refundId: string; userId: string | null; note: string | null } & {
    creditCents: number;
    bonusCents: number;
  },
) =>
  postEntries(tx, {
    shopId: input.shopId,
    orderId: input.orderId,
    userId: input.userId,
    note: input.note,
    movements: [
      {
        kind: 'refund',
        bucket: 'credit',
        amountCents: input.creditCents,
        idempotencyKey: `refund:${input.refundId}:credit`,
      },
      {
        kind: 'refund',
        bucket: 'bonus',
        amountCents: input.bonusCents,
        idempotencyKey: `refund:${input.refundId}:bonus`,
      },
    ],
  });

/** What a purchase took from each bucket (its `purchase` rows), for refunds in the same shares. */
export const spentOnPurchase = async (tx: Db, orderId: string) => {
  const rows = await listLedgerRowsOfOrder(tx, orderId, ['purchase']);
  const of = (bucket: CreditBucket) =>
    -rows.filter((r) => r.bucket === bucket).reduce((sum, r) => sum + r.amountCents, 0);
  return { creditCents: of('credit'), bonusCents: of('bonus') };
};

const takeBackKey = (refundId: string) => `topup-refund:${refundId}:`;

/**
 * A refund of a credit top-up takes its credit and bonus back from the shop while it is on its way (ADR 0090):
 * negative `topup` and `bonus` entries on the top-up's order, under the shop's lock. A refund that fails gives
 * them back (`restoreTopUp`), and a retry takes them again, each a posting of its own.
 */
export const takeBackTopUp = async (
  tx: Db,
  input: { shopId: string; orderId: string; refundId: string; creditCents: number; bonusCents: number },
) => {
  const shop = await lockShopBalances(tx, input.shopId);
  if (!shop) throw new AppError('NOT_FOUND');
  if (shop.creditCents < input.creditCents || shop.bonusCents < input.bonusCents) return false;
  const prefix = takeBackKey(input.refundId);
  const earlier = (await listLedgerRowsOfOrder(tx, input.orderId, ['topup'])).filter(
    (r) => r.idempotencyKey.startsWith(prefix) && r.amountCents < 0,
  ).length;
  await postLocked(tx, shop, {
    orderId: input.orderId,
    movements: [
      {
        kind: 'topup',
        bucket: 'credit',
        amountCents: -input.creditCents,
        idempotencyKey: `${prefix}${earlier}:credit`,
      },
      {
        kind: 'bonus',
        bucket: 'bonus',
        amountCents: -input.bonusCents,
        idempotencyKey: `${prefix}${earlier}:bonus`,
      },
    ],
  });
  return true;
};

/** The refund that took a top-up back failed: whatever it still holds goes back to the shop. */
export const restoreTopUp = async (tx: Db, input: { shopId: string; orderId: string; refundId: string }) => {
  const prefix = takeBackKey(input.refundId);
  const rows = (await listLedgerRowsOfOrder(tx, input.orderId, ['topup', 'bonus'])).filter((r) =>
    r.idempotencyKey.startsWith(prefix),
  );
  const held = (bucket: CreditBucket) =>
    -rows.filter((r) => r.bucket === bucket).reduce((sum, r) => sum + r.amountCents, 0);
  const creditCents = held('credit');
  const bonusCents = held('bonus');
  if (creditCents <= 0 && bonusCents <= 0) return false;
  const restored = rows.filter((r) => r.amountCents > 0 && r.bucket === 'credit').length;
  await postEntries(tx, {
    shopId: input.shopId,
    orderId: input.orderId,
    movements: [
      {
        kind: 'topup',
        bucket: 'credit',
        amountCents: creditCents,
        idempotencyKey: `${prefix}back-${restored}:credit`,
      },
      {
        kind: 'bonus',
        bucket: 'bonus',
        amountCents: bonusCents,
        idempotencyKey: `${prefix}back-${restored}:bonus`,
      },
    ],
  });
  return true;
};

/**
 * A top-up's refund reported failed (its take-back given back) that succeeded after all: the same credit and bonus
 * are taken again, as far as the shop still holds them.
 */
export const retakeTopUp = async (tx: Db, input: { shopId: string; orderId: string; refundId: string }) => {
  const prefix = takeBackKey(input.refundId);
  const first = (await listLedgerRowsOfOrder(tx, input.orderId, ['topup', 'bonus'])).filter((r) =>
    r.idempotencyKey.startsWith(`${prefix}0:`),
  );
  const of = (bucket: CreditBucket) => -(first.find((r) => r.bucket === bucket)?.amountCents ?? 0);
  const shop = await lockShopBalances(tx, input.shopId);
  if (!shop) return false;
  return takeBackTopUp(tx, {
    ...input,
    creditCents: Math.min(of('credit'), shop.creditCents),
    bonusCents: Math.min(of('bonus'), shop.bonusCents),
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

/** A period of whole UTC days, `to` included; `to` before `from` is a field error. */
export const periodOf = (query: Pick<StatementQuery, 'from' | 'to'>) => {
  const from = new Date(`${query.from}T00:00:00.000Z`);
  const to = new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + dayMs);
  if (to <= from) throw new AppError('VALIDATION_FAILED', { to: ['invalid'] });
  return { from, to };
};

export const toLedgerEntry = (row: LedgerRow, orderNumber: string | null): LedgerEntry => ({
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
  const opening = pointOf(before);
  const closing = last ? pointOf(last) : opening;
  const { rows, total } = await listLedgerEntries(deps.db, { shopId, ...period }, query);
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
      total,
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
      for await (const batch of streamLedgerEntries(deps.db, { shopId, ...period }))
        yield batch.map((r) => toLedgerEntry(r.entry, r.orderNumber));
    })(),
  );
};

/** The shop's last ledger entries, newest first (the portal home's recent activity). */
export const listRecentEntries = async (deps: { db: Db }, shopId: string, limit: number) =>
  (await listRecentLedger(deps.db, shopId, limit)).map((r) => toLedgerEntry(r.entry, r.orderNumber));

const statementLabelKeys = [
  'title',
  'period',
  'generated',
  'opening',
  'closing',
  'date',
  'description',
  'amount',
  'balance',
  'totals',
  'credit',
  'bonus',
  'total',
  'noEntries',
  'footer',
] as const;

/** Reads the shop's logo file; a missing or unreadable file leaves it out of the statement. */
const readLogo = async (uploadDir: string, logo: string | null) => {
  if (!logo || logo.includes('..')) return null;
  return readFile(join(uploadDir, logo)).catch(() => null);
};

/**
 * The statement as a PDF in the shop user's language: the shop's name and logo, the period, opening balance,
 * every entry with its running balance, totals per kind and closing balance (the same figures as the screen).
 */
export const renderStatement = async (
  deps: { db: Db; i18n: ServerI18n; config: { uploadDir: string } },
  shopId: string,
  query: Pick<StatementQuery, 'from' | 'to'>,
  locale: Locale,
  summary?: { label: string; value: string }[],
) => {
  const period = periodOf(query);
  const shop = await getShopProfile(deps.db, shopId);
  if (!shop) throw new AppError('NOT_FOUND');
  const before = await getLastEntryBefore(deps.db, shopId, period.from);
  const { totals, last } = await summarisePeriod(deps.db, shopId, period);
  const opening = pointOf(before);
  const entries: StatementPdfEntry[] = [];
  for await (const batch of streamLedgerEntries(deps.db, { shopId, ...period }))
    for (const r of batch)
      entries.push({
        createdAt: r.entry.createdAt,
        kind: r.entry.kind,
        bucket: r.entry.bucket,
        orderNumber: r.orderNumber,
        amountCents: r.entry.amountCents,
        balanceAfterCents: r.entry.creditAfterCents + r.entry.bonusAfterCents,
      });
  const t = deps.i18n.fixedT(locale, 'mail');
  const labels = {
    ...Object.fromEntries(statementLabelKeys.map((k) => [k, t(`statement.${k}`)])),
    kinds: Object.fromEntries(creditEntryKinds.map((k) => [k, t(`statement.kinds.${k}`)])),
  } as StatementLabels;
  const options = await getGeneralOptions(deps.db);
  const pdf = await renderStatementPdf({
    locale,
    labels,
    shop: { name: shop.name, logo: await readLogo(deps.config.uploadDir, shop.logo) },
    seller: { name: options.seller.name, email: options.seller.email },
    from: query.from,
    to: query.to,
    generatedAt: new Date(),
    ...(summary ? { summary } : {}),
    opening,
    closing: last ? pointOf(last) : opening,
    totals: Object.fromEntries(
      creditEntryKinds.map((kind) => [kind, totals.find((x) => x.kind === kind)?.amountCents ?? 0]),
    ) as Record<CreditEntryKind, number>,
    entries,
  });
  return { pdf, fileName: `${t('statement.fileName')}-${query.from}-${query.to}.pdf` };
};

type StatementPdfEntry = Parameters<typeof renderStatementPdf>[0]['entries'][number];
