import type { Locale } from '@esim/contracts';
import { portalOrdersQuerySchema } from '@esim/contracts/portal';
import type {
  CreateShopBody,
  CreditAdjustmentBody,
  Shop,
  ShopAction,
  ShopDetail,
  ShopDetailQuery,
  ShopResponse,
  ShopsQuery,
  StaffUpdateShopBody,
} from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import type { TFunction } from 'i18next';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { toPaged } from '../../lib/list-query';
import { listHistory, recordChange } from '../audit/audit.repository';
import { findUserByEmailAnyState, insertShop, insertUser } from '../auth/auth.repository';
import { createPasswordReset, rethrowUniqueViolation } from '../auth/auth.service';
import { hasLedgerKey } from '../credits/credits.repository';
import { getStatement, lockShopForPurchase, postEntries } from '../credits/credits.service';
import type { Mailer } from '../mail/mail.service';
import { renderActionMail } from '../mail/templates';
import { listPortalOrders } from '../orders/portal-orders.service';
import {
  countSubscribers,
  findShop,
  listShops as listShopRows,
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
  bonusTiers: shop.bonusTiers,
  creditCents: shop.creditCents,
  bonusCents: shop.bonusCents,
  totalCents: shop.creditCents + shop.bonusCents,
  ownerEmail,
  usersCount,
  ordersCount,
  createdAt: shop.createdAt.toISOString(),
  version: shop.updatedAt.toISOString(),
});

/** One page of shops (staff). */
export const listShops = async (deps: { db: Db }, query: ShopsQuery) => {
  const { rows, total } = await listShopRows(deps.db, query, query);
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
  change: (row: ShopRow) => Partial<Pick<ShopRow, 'status' | 'sellShopPrice' | 'bonusTiers'>>,
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
  return { shop, message: input.t(`admin:messages.shop.${input.action}`, { name: shop.name }) };
};

/** The shop's retail markup (sellShopPrice) and its own top-up bonus tiers (null: the settings'). */
export const updateShopSettings = async (
  deps: { db: Db },
  input: { staffUserId: string; shopId: string; body: StaffUpdateShopBody; t: TFunction },
): Promise<ShopResponse> => {
  const shop = await changeShop(
    deps.db,
    { ...input, version: input.body.version, action: 'shop.update' },
    () => ({
      sellShopPrice: input.body.sellShopPrice,
      bonusTiers: input.body.bonusTiers
        ? [...input.body.bonusTiers].sort((a, b) => a.fromCents - b.fromCents)
        : null,
    }),
  );
  return { shop, message: input.t('admin:messages.shop.updated', { name: shop.name }) };
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
          bucket: t(`admin:creditBuckets.${body.bucket}`),
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
    message: t('admin:messages.shop.adjusted', {
      name: shop.name,
      credit: euro(shop.creditCents),
      bonus: euro(shop.bonusCents),
    }),
  };
};

export type ShopInviteDeps = { db: Db; mailer: Mailer; i18n: ServerI18n; config: Pick<Config, 'siteUrl'> };

/** How long a new shop user's invitation link works. */
const invitationTtlMs = 7 * 24 * 3600 * 1000;

/**
 * Creates an active shop and its first user inside the caller's transaction, with an audit row and the
 * invitation e-mail in the outbox (a link to choose a password for the portal). Staff create shops this way
 * (`/staff/create-shop`) and so does approving a reseller application.
 */
export const createShopWithUser = async (
  deps: ShopInviteDeps,
  tx: Db,
  input: { staffUserId: string; body: CreateShopBody & { phone?: string | null }; locale: Locale },
) => {
  const { body } = input;
  if (await findUserByEmailAnyState(tx, 'shop', body.email))
    throw new AppError('EMAIL_TAKEN', { email: ['errors.EMAIL_TAKEN'] });
  const shop = await insertShop(tx, {
    name: body.shopName,
    sellShopPrice: body.sellShopPrice,
    status: 'active',
  });
  const user = await insertUser(tx, {
    kind: 'shop',
    shopId: shop.id,
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    phone: body.phone ?? null,
    country: body.country ?? null,
    locale: input.locale,
    emailVerifiedAt: new Date(),
  }).catch(rethrowUniqueViolation);
  const token = await createPasswordReset(tx, user.id, invitationTtlMs);
  const t = deps.i18n.fixedT(input.locale, 'mail');
  await deps.mailer.send(
    renderActionMail(t, {
      to: user.email,
      name: user.firstName,
      link: `${deps.config.siteUrl}/reset-password?token=${encodeURIComponent(token)}&portal=1`,
      template: 'shopInvitation',
      values: { shop: shop.name },
    }),
    tx,
  );
  await recordChange(tx, {
    staffUserId: input.staffUserId,
    action: 'shop.create',
    entityType: 'shop',
    entityId: shop.id,
    before: null,
    after: { status: shop.status, sellShopPrice: shop.sellShopPrice, ownerEmail: user.email },
  });
  return shop;
};

/** `/staff/create-shop`: an active shop and its first user, invited by e-mail. */
export const createShop = async (
  deps: ShopInviteDeps,
  input: { staffUserId: string; body: CreateShopBody; locale: Locale; t: TFunction },
): Promise<ShopResponse> => {
  const shop = await deps.db.transaction((tx) => createShopWithUser(deps, tx, input));
  void deps.mailer.deliverPending().catch(() => undefined);
  const created = await shopOf(deps.db, shop.id);
  return {
    shop: created,
    message: input.t('admin:messages.shop.created', { name: created.name, email: input.body.email }),
  };
};
