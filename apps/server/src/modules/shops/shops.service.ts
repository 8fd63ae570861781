import {
  type CreditAdjustmentBody,
  portalOrdersQuerySchema,
  type Shop,
  type ShopAction,
  type ShopDetail,
  type ShopDetailQuery,
  type ShopResponse,
  type ShopsQuery,
  type UpdateShopBody,
} from '@esim/contracts';
import type { Db } from '@esim/db';
import type { TFunction } from 'i18next';
import { AppError } from '../../lib/app-error';
import { toPaged } from '../../lib/list-query';
import { listHistory, recordChange } from '../audit/audit.repository';
import { hasLedgerKey } from '../credits/credits.repository';
import { getStatement, lockShopForPurchase, postEntries } from '../credits/credits.service';
import { listPortalOrders } from '../orders/portal-orders.service';
import {
  countSubscribers,
  findShop,
  listShops,
  listShopUsers,
  lockShop,
  type ShopListRow,
  type ShopRow,
  updateShop,
} from './shops.repository';

const toShop = ({ shop, ownerEmail, usersCount, ordersCount }: ShopListRow): Shop => ({
  id: shop.id,
  name: shop.name,
  status: shop.status,
  sellShopPrice: shop.sellShopPrice,
  creditCents: shop.creditCents,
  bonusCents: shop.bonusCents,
  totalCents: shop.creditCents + shop.bonusCents,
  ownerEmail,
  usersCount,
  ordersCount,
  createdAt: shop.createdAt.toISOString(),
  version: shop.updatedAt.toISOString(),
});

export const getShops = async (deps: { db: Db }, query: ShopsQuery) => {
  const { rows, total } = await listShops(deps.db, query);
  return toPaged(query, total, rows.map(toShop));
};

const day = (date: Date) => date.toISOString().slice(0, 10);

const shopOf = async (db: Db, shopId: string) => {
  const row = await findShop(db, shopId);
  if (!row) throw new AppError('NOT_FOUND');
  return toShop(row);
};

/** A shop's page: the shop, its users, latest orders, the ledger of a period (30 days by default), history. */
export const getShopDetail = async (
  deps: { db: Db },
  shopId: string,
  query: ShopDetailQuery,
): Promise<ShopDetail> => {
  const shop = await shopOf(deps.db, shopId);
  const to = query.to ?? day(new Date());
  const from = query.from ?? day(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000));
  if (from > to) throw new AppError('VALIDATION_FAILED', { to: ['validation.invalid'] });
  const [users, subscribersCount, orders, statement, history] = await Promise.all([
    listShopUsers(deps.db, shopId),
    countSubscribers(deps.db, shopId),
    listPortalOrders(deps, shopId, portalOrdersQuerySchema.parse({ pageSize: 20 })),
    getStatement(deps, shopId, { from, to, page: query.page, pageSize: query.pageSize }),
    listHistory(deps.db, 'shop', shopId),
  ]);
  return {
    shop,
    users: users.map((u) => ({
      id: u.id,
      name: `${u.firstName} ${u.lastName}`,
      email: u.email,
      verified: Boolean(u.emailVerifiedAt),
      status: u.status,
    })),
    subscribersCount,
    orders: orders.items,
    statement,
    history,
  };
};

const transitions: Record<ShopAction, { from: ShopRow['status']; to: ShopRow['status'] }> = {
  approve: { from: 'pending_verification', to: 'active' },
  suspend: { from: 'active', to: 'suspended' },
  reactivate: { from: 'suspended', to: 'active' },
};

/** Runs one change of a shop under its row lock with the version check and an audit row, in one transaction. */
const changeShop = async (
  db: Db,
  input: { staffUserId: string; shopId: string; version: string; action: string },
  change: (row: ShopRow) => Partial<Pick<ShopRow, 'status' | 'sellShopPrice'>>,
) => {
  await db.transaction(async (tx) => {
    const row = await lockShop(tx, input.shopId);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.updatedAt.toISOString() !== input.version) throw new AppError('RECORD_CHANGED');
    const values = change(row);
    const updated = await updateShop(tx, input.shopId, values);
    if (!updated) throw new AppError('NOT_FOUND');
    const fields = Object.keys(values) as (keyof typeof values)[];
    await recordChange(tx, {
      staffUserId: input.staffUserId,
      action: input.action,
      entityType: 'shop',
      entityId: input.shopId,
      before: Object.fromEntries(fields.map((f) => [f, row[f]])),
      after: Object.fromEntries(fields.map((f) => [f, updated[f]])),
    });
  });
  return shopOf(db, input.shopId);
};

/** Approve a pending shop, suspend an active one, or reactivate a suspended one (manage shops). */
export const actOnShop = async (
  deps: { db: Db },
  input: { staffUserId: string; shopId: string; action: ShopAction; version: string; t: TFunction },
): Promise<ShopResponse> => {
  const rule = transitions[input.action];
  const shop = await changeShop(deps.db, { ...input, action: `shop.${input.action}` }, (row) => {
    if (row.status !== rule.from) throw new AppError('ACTION_NOT_ALLOWED');
    return { status: rule.to };
  });
  return { shop, message: input.t(`success.shop.${input.action}`, { name: shop.name }) };
};

/** The shop's retail markup (sellShopPrice). */
export const updateShopSettings = async (
  deps: { db: Db },
  input: { staffUserId: string; shopId: string; body: UpdateShopBody; t: TFunction },
): Promise<ShopResponse> => {
  const shop = await changeShop(
    deps.db,
    { ...input, version: input.body.version, action: 'shop.update' },
    () => ({ sellShopPrice: input.body.sellShopPrice }),
  );
  return { shop, message: input.t('success.shop.updated', { name: shop.name }) };
};

const euro = (cents: number) => (cents / 100).toFixed(2);

/**
 * A manual credit adjustment: one `adjustment` ledger row (with the reason and who made it) and an audit row,
 * in one transaction under the shop's lock. A removal larger than the bucket's balance is refused with the most
 * that can be removed; the same idempotency key again changes nothing.
 */
export const adjustShopCredit = async (
  deps: { db: Db },
  input: { staffUserId: string; shopId: string; body: CreditAdjustmentBody; t: TFunction },
): Promise<ShopResponse> => {
  const { body, t } = input;
  const key = `adjustment:${input.shopId}:${body.idempotencyKey}`;
  await deps.db.transaction(async (tx) => {
    const balances = await lockShopForPurchase(tx, input.shopId);
    if (!balances) throw new AppError('NOT_FOUND');
    if (await hasLedgerKey(tx, key)) return;
    const available = body.bucket === 'credit' ? balances.creditCents : balances.bonusCents;
    if (body.direction === 'remove' && body.amountCents > available)
      throw new AppError(
        'ADJUSTMENT_BELOW_ZERO',
        { amountCents: ['errors.ADJUSTMENT_BELOW_ZERO'] },
        undefined,
        {
          bucket: t(`creditBuckets.${body.bucket}`),
          max: euro(available),
        },
      );
    const amountCents = body.direction === 'add' ? body.amountCents : -body.amountCents;
    const posted = await postEntries(tx, {
      shopId: input.shopId,
      orderId: null,
      userId: input.staffUserId,
      note: body.reason,
      movements: [{ kind: 'adjustment', bucket: body.bucket, amountCents, idempotencyKey: key }],
    });
    await recordChange(tx, {
      staffUserId: input.staffUserId,
      action: 'shop.adjust-credit',
      entityType: 'shop',
      entityId: input.shopId,
      before: { creditCents: balances.creditCents, bonusCents: balances.bonusCents },
      after: { creditCents: posted.creditCents, bonusCents: posted.bonusCents, reason: body.reason },
    });
  });
  const shop = await shopOf(deps.db, input.shopId);
  return {
    shop,
    message: t('success.shop.adjusted', {
      name: shop.name,
      credit: euro(shop.creditCents),
      bonus: euro(shop.bonusCents),
    }),
  };
};
