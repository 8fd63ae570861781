import type { Locale, PackageSummary } from '@esim/contracts';
import { type Db, esimPackages, packageSnapshotOf, packages } from '@esim/db';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import type { UserRow } from '../auth/auth.repository';
import { findEsimChangeBlocker } from '../orders/order-conflicts';
import type { EsimRow, PackageRow } from '../orders/orders.repository';
import { insertNumberedOrder, openCheckout } from '../orders/orders.service';
import { getGeneralOptions } from '../settings/settings.repository';
import { findEsimOfUser } from './customer.repository';

type Destination = { provider: string; type: string; countryCode: string | null; regionCode: string | null };

/**
 * A package fits an eSIM when the same provider sells it for the same destination (a country's local packages
 * on a local eSIM, the same region, or global) and allows top-ups. Wholesalers top up only what matches the
 * profile's original location.
 */
export const fitsEsim = (destination: Destination, pkg: PackageRow) =>
  pkg.topUpAllowed &&
  pkg.active &&
  !pkg.deletedAt &&
  pkg.provider === destination.provider &&
  pkg.type === destination.type &&
  pkg.countryCode === destination.countryCode &&
  pkg.regionCode === destination.regionCode;

/** The destination an eSIM was bought for: the terms of its first package. */
const destinationOf = async (db: Db, esim: EsimRow): Promise<Destination> => {
  const [first] = await db
    .select({ snapshot: esimPackages.snapshot })
    .from(esimPackages)
    .where(eq(esimPackages.esimId, esim.id))
    .orderBy(asc(esimPackages.createdAt))
    .limit(1);
  const s = (first?.snapshot ?? {}) as Partial<Destination>;
  return {
    provider: s.provider ?? esim.provider,
    type: s.type ?? 'local',
    countryCode: s.countryCode ?? null,
    regionCode: s.regionCode ?? null,
  };
};

const usableEsim = async (deps: AppDeps, userId: string, esimId: string) => {
  const esim = await findEsimOfUser(deps.db, userId, esimId);
  if (!esim) throw new AppError('NOT_FOUND');
  if (esim.status === 'disabled' || esim.status === 'freed') throw new AppError('ESIM_DISABLED');
  return esim;
};

/** The packages the customer may buy for one of their eSIMs, as the catalogue shows them. */
export const listTopUpPackages = async (deps: AppDeps, userId: string, esimId: string, locale: Locale) => {
  const esim = await usableEsim(deps, userId, esimId);
  const destination = await destinationOf(deps.db, esim);
  const rows = await deps.db
    .select()
    .from(packages)
    .where(
      and(eq(packages.provider, destination.provider), eq(packages.active, true), isNull(packages.deletedAt)),
    );
  const catalogue = await deps.catalogue.get();
  const items: PackageSummary[] = rows
    .filter((row) => fitsEsim(destination, row))
    .map((row) => {
      const { coverage: _coverage, ...summary } = catalogue.getPackage(row.slug, locale);
      return summary;
    })
    .sort((a, b) => (a.dataMb ?? Number.MAX_SAFE_INTEGER) - (b.dataMb ?? Number.MAX_SAFE_INTEGER));
  return items;
};

const buyerOf = (user: UserRow) => ({
  userId: user.id,
  buyerName: `${user.firstName} ${user.lastName}`.trim(),
  buyerEmail: user.email,
  buyerPhone: user.phone,
  country: user.country,
});

/** Buy package: a card order for a package on an own eSIM; fulfilment queues it behind the active one. */
export const createTopUp = async (
  deps: AppDeps,
  input: { user: UserRow; esimId: string; packageSlug: string; locale: Locale },
  log: FastifyBaseLogger,
) => {
  const esim = await usableEsim(deps, input.user.id, input.esimId);
  const [pkg] = await deps.db.select().from(packages).where(eq(packages.slug, input.packageSlug)).limit(1);
  if (!pkg?.active || pkg.deletedAt) throw new AppError('NOT_FOUND', { packageSlug: ['errors.NOT_FOUND'] });
  if (!fitsEsim(await destinationOf(deps.db, esim), pkg))
    throw new AppError('TOP_UP_NOT_ALLOWED', { packageSlug: ['errors.TOP_UP_NOT_ALLOWED'] });
  const price = pkg.offerPriceCents ?? pkg.priceCents;
  const order = await insertNumberedOrder(deps, {
    kind: 'topup',
    ...buyerOf(input.user),
    packageId: pkg.id,
    targetEsimId: esim.id,
    packageSnapshot: packageSnapshotOf(pkg),
    subtotalCents: pkg.priceCents,
    discountCents: pkg.priceCents - price,
    totalCents: price,
    paymentMethod: 'card',
    locale: input.locale,
  });
  return { order, checkoutUrl: await openCheckout(deps, order, pkg.slug, log) };
};

/** Packages a change of eSIM moves: every active and queued one. */
const movablePackages = (db: Db, esimId: string) =>
  db
    .select()
    .from(esimPackages)
    .where(and(eq(esimPackages.esimId, esimId), inArray(esimPackages.status, ['active', 'queued'])))
    .orderBy(asc(esimPackages.createdAt));

export const quoteEsimChange = async (deps: AppDeps, userId: string, esimId: string) => {
  const esim = await usableEsim(deps, userId, esimId);
  const options = await getGeneralOptions(deps.db);
  return {
    priceCents: options.changeEsimPriceCents,
    currency: 'EUR' as const,
    packagesToMove: (await movablePackages(deps.db, esim.id)).length,
  };
};

/**
 * Change eSIM (SPEC section 4): a card order for a new eSIM that takes over every active and queued package.
 * One change at a time per eSIM: one awaiting payment or paid and still being fulfilled refuses another.
 */
export const createEsimChange = async (
  deps: AppDeps,
  input: { user: UserRow; esimId: string; locale: Locale },
  log: FastifyBaseLogger,
) => {
  const esim = await usableEsim(deps, input.user.id, input.esimId);
  const blocker = await findEsimChangeBlocker(deps.db, esim.id);
  if (blocker) throw new AppError(blocker);
  const [first] = await movablePackages(deps.db, esim.id);
  // The new profile is ordered with the package it will carry first (or the eSIM's original one).
  const [pkg] = first
    ? await deps.db.select().from(packages).where(eq(packages.id, first.packageId)).limit(1)
    : await deps.db
        .select({ p: packages })
        .from(esimPackages)
        .innerJoin(packages, eq(packages.id, esimPackages.packageId))
        .where(eq(esimPackages.esimId, esim.id))
        .orderBy(asc(esimPackages.createdAt))
        .limit(1)
        .then((rows) => rows.map((r) => r.p));
  if (!pkg) throw new AppError('NOT_FOUND');
  const { changeEsimPriceCents } = await getGeneralOptions(deps.db);
  const order = await insertNumberedOrder(deps, {
    kind: 'change_esim',
    ...buyerOf(input.user),
    packageId: pkg.id,
    targetEsimId: esim.id,
    packageSnapshot: packageSnapshotOf(pkg),
    subtotalCents: changeEsimPriceCents,
    totalCents: changeEsimPriceCents,
    paymentMethod: 'card',
    locale: input.locale,
  });
  return { order, checkoutUrl: await openCheckout(deps, order, pkg.slug, log) };
};
