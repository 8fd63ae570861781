import { randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PortalSummary, ShopProfile, UpdateShopBody } from '@esim/contracts/portal';
import type { Db } from '@esim/db';
import { AppError } from '../../lib/app-error';
import { listResellerPackages } from '../catalogue/catalogue.repository';
import { getShopProfile } from '../credits/credits.repository';
import { getBalances, listRecentEntries } from '../credits/credits.service';
import { listPortalOrders } from '../orders/portal-orders.service';
import { detectLogoType, type LogoFile } from './portal-auth.service';
import { countActiveSubscribers, updateShop } from './portal-shop.repository';

/** How many entries and orders the portal home lists as recent activity. */
const recentCount = 5;

/** The portal home's cards (orders, active users, credits, packages) and its recent activity, in one answer. */
export const getPortalSummary = async (deps: { db: Db }, shopId: string): Promise<PortalSummary> => {
  const [balances, orders, activeUsers, packages, recentEntries] = await Promise.all([
    getBalances(deps, shopId),
    listPortalOrders(deps, shopId, { page: 1, pageSize: recentCount, sort: '-createdAt' }),
    countActiveSubscribers(deps.db, shopId),
    listResellerPackages(deps.db, {}, { page: 1, pageSize: 1 }),
    listRecentEntries(deps, shopId, recentCount),
  ]);
  return {
    balances,
    ordersCount: orders.total,
    activeUsers,
    packagesCount: packages.total,
    recentEntries,
    recentOrders: orders.items,
  };
};

const toShopProfile = (row: {
  id: string;
  name: string;
  logo: string | null;
  sellShopPrice: number;
  lowBalanceThresholdCents: number | null;
}): ShopProfile => ({
  id: row.id,
  name: row.name,
  hasLogo: Boolean(row.logo),
  sellShopPrice: row.sellShopPrice,
  lowBalanceThresholdCents: row.lowBalanceThresholdCents,
});

export const getShop = async (deps: { db: Db }, shopId: string) => {
  const row = await getShopProfile(deps.db, shopId);
  if (!row) throw new AppError('NOT_FOUND');
  return toShopProfile(row);
};

/**
 * The shop's name, markup and low-balance threshold. A new threshold arms the low-balance e-mail again (ADR
 * 0020): the shop asked to hear about this level, whatever happened at the previous one.
 */
export const updateShopDetails = async (deps: { db: Db }, shopId: string, body: UpdateShopBody) => {
  const before = await getShopProfile(deps.db, shopId);
  if (!before) throw new AppError('NOT_FOUND');
  const rearm = before.lowBalanceThresholdCents !== body.lowBalanceThresholdCents;
  const [row] = await updateShop(deps.db, shopId, {
    name: body.shopName,
    sellShopPrice: body.sellShopPrice,
    lowBalanceThresholdCents: body.lowBalanceThresholdCents,
    ...(rearm ? { lowBalanceAlertArmed: true } : {}),
  });
  if (!row) throw new AppError('NOT_FOUND');
  return toShopProfile(row);
};

/** A new company logo (PNG, JPEG or WebP, checked by its bytes); the old file is removed. */
export const replaceShopLogo = async (
  deps: { db: Db; config: { uploadDir: string } },
  shopId: string,
  logo: LogoFile,
) => {
  const { ext } = detectLogoType(logo);
  const before = await getShopProfile(deps.db, shopId);
  if (!before) throw new AppError('NOT_FOUND');
  await mkdir(join(deps.config.uploadDir, 'logos'), { recursive: true });
  const path = `logos/${randomUUID()}.${ext}`;
  await writeFile(join(deps.config.uploadDir, path), logo.buffer);
  const [row] = await updateShop(deps.db, shopId, { logo: path });
  if (before.logo && !before.logo.includes('..'))
    await unlink(join(deps.config.uploadDir, before.logo)).catch(() => undefined);
  if (!row) throw new AppError('NOT_FOUND');
  return toShopProfile(row);
};

const logoTypes: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** The shop's logo file and its type; 404 when it has none. */
export const readShopLogo = async (deps: { db: Db; config: { uploadDir: string } }, shopId: string) => {
  const row = await getShopProfile(deps.db, shopId);
  const ext = row?.logo?.split('.').pop() ?? '';
  if (!row?.logo || row.logo.includes('..') || !logoTypes[ext]) throw new AppError('NOT_FOUND');
  const file = await readFile(join(deps.config.uploadDir, row.logo)).catch(() => null);
  if (!file) throw new AppError('NOT_FOUND');
  return { file, contentType: logoTypes[ext] };
};
