import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { esimPackages, esims, orders, packageSnapshotOf, packages, users } from '../schema';

const luhnDigit = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
};

/** A sandbox-shaped profile (Luhn-valid ICCID starting 89) derived from a seed string. */
const profileFor = (seed: string) => {
  const hash = createHash('sha256').update(seed).digest();
  const body = `89${[...hash.subarray(0, 16)].map((b) => String(b % 10)).join('')}`;
  const iccid = `${body}${luhnDigit(body)}`;
  const matchingId = hash.subarray(16, 28).toString('hex').toUpperCase().match(/.{4}/g)?.join('-') ?? '';
  const smdpAddress = 'smdp.sandbox.esim.example';
  return {
    iccid,
    matchingId,
    smdpAddress,
    activationCode: `LPA:1$${smdpAddress}$${matchingId}`,
    providerRef: `SBXE-${iccid}`,
  };
};

/** The package a seeded order sells: the given slug, or the first local package. */
const findSeedPackage = async (db: Db, slug: string | undefined, caller: string) => {
  const [pkg] = slug
    ? await db.select().from(packages).where(eq(packages.slug, slug)).limit(1)
    : await db.select().from(packages).where(eq(packages.type, 'local')).limit(1);
  if (!pkg) throw new Error(`${caller}: no package (seed the catalogue first)`);
  return pkg;
};

export type SeedEsimInput = {
  userId: string;
  /** Package slug; defaults to the first active local package. */
  packageSlug?: string;
  packageStatus?: 'active' | 'queued' | 'depleted' | 'expired';
  dataUsedMb?: number;
  activatedAt?: Date | null;
};

/**
 * A completed eSIM order of a customer with one package on the eSIM, as fulfilment leaves it; tests and the
 * demo seed share it. Returns the order, the eSIM and the package row.
 */
export const seedCompletedEsimOrder = async (db: Db, input: SeedEsimInput) => {
  const pkg = await findSeedPackage(db, input.packageSlug, 'seedCompletedEsimOrder');
  const [owner] = await db.select().from(users).where(eq(users.id, input.userId)).limit(1);
  const orderId = randomUUID();
  const profile = profileFor(orderId);
  const snapshot = packageSnapshotOf(pkg);
  const now = new Date();
  const [order] = await db
    .insert(orders)
    .values({
      id: orderId,
      number: `ES-${orderId.slice(0, 4).toUpperCase()}-${orderId.slice(4, 8).toUpperCase()}`,
      kind: 'esim',
      fulfilmentStatus: 'completed',
      userId: input.userId,
      packageId: pkg.id,
      packageSnapshot: snapshot,
      subtotalCents: pkg.priceCents,
      totalCents: pkg.priceCents,
      paymentMethod: 'card',
      buyerName: owner ? `${owner.firstName} ${owner.lastName}` : 'Seeded Buyer',
      buyerEmail: owner?.email ?? 'seeded@example.test',
      buyerPhone: owner?.phone ?? null,
      locale: owner?.locale ?? 'en',
      paidAt: now,
      completedAt: now,
    })
    .returning();
  const [esim] = await db
    .insert(esims)
    .values({
      iccid: profile.iccid,
      userId: input.userId,
      orderId,
      provider: 'sandbox',
      providerRef: profile.providerRef,
      activationCode: profile.activationCode,
      smdpAddress: profile.smdpAddress,
      matchingId: profile.matchingId,
      // A package already in use means the eSIM is on a phone.
      ...(input.activatedAt ? { status: 'installed' as const, installCount: 1 } : {}),
    })
    .returning();
  if (!order || !esim) throw new Error('seedCompletedEsimOrder: insert returned nothing');
  const activatedAt = input.activatedAt === undefined ? null : input.activatedAt;
  const [esimPackage] = await db
    .insert(esimPackages)
    .values({
      esimId: esim.id,
      packageId: pkg.id,
      orderId,
      snapshot,
      status: input.packageStatus ?? 'active',
      dataMb: pkg.dataMb,
      dataUsedMb: input.dataUsedMb ?? 0,
      usageUpdatedAt: input.dataUsedMb ? now : null,
      validityDays: pkg.validityDays,
      activatedAt,
      expiresAt: activatedAt ? new Date(activatedAt.getTime() + pkg.validityDays * 86_400_000) : null,
    })
    .returning();
  if (!esimPackage) throw new Error('seedCompletedEsimOrder: package insert returned nothing');
  return { order, esim, esimPackage, package: pkg };
};

/** Another package on an existing eSIM (a top-up as fulfilment leaves it): queued by default. */
export const seedEsimPackage = async (
  db: Db,
  input: { esimId: string; userId: string; packageSlug?: string; status?: 'queued' | 'active' },
) => {
  const seeded = await seedCompletedEsimOrder(db, { userId: input.userId, packageSlug: input.packageSlug });
  // Move the package onto the given eSIM and drop the extra eSIM the helper made.
  const [row] = await db
    .update(esimPackages)
    .set({ esimId: input.esimId, status: input.status ?? 'queued' })
    .where(eq(esimPackages.id, seeded.esimPackage.id))
    .returning();
  await db
    .update(orders)
    .set({ kind: 'topup', targetEsimId: input.esimId })
    .where(eq(orders.id, seeded.order.id));
  await db.delete(esims).where(eq(esims.id, seeded.esim.id));
  if (!row) throw new Error('seedEsimPackage: update returned nothing');
  return row;
};

/**
 * The demo customer's dashboard: a German eSIM with a 5 GB package in use (1.8 GB used, started three days ago)
 * and a second one queued behind it. Runs after the catalogue exists; does nothing once the customer has an
 * eSIM, or without the demo customer. A provider's own catalogue (a staging on eSIM Access) has no
 * `de-5gb-30d`: its first local package stands in; with no local package at all there is nothing to show.
 */
export const seedDemoEsims = async (db: Db, customerEmail = 'customer@demo.esim') => {
  const [customer] = await db
    .select()
    .from(users)
    .where(and(eq(users.kind, 'customer'), eq(users.email, customerEmail)))
    .limit(1);
  if (!customer || (await db.$count(esims, eq(esims.userId, customer.id))) > 0) return false;
  const [pkg] = [
    ...(await db
      .select({ slug: packages.slug })
      .from(packages)
      .where(eq(packages.slug, 'de-5gb-30d'))
      .limit(1)),
    ...(await db.select({ slug: packages.slug }).from(packages).where(eq(packages.type, 'local')).limit(1)),
  ];
  if (!pkg) return false;
  const { esim } = await seedCompletedEsimOrder(db, {
    userId: customer.id,
    packageSlug: pkg.slug,
    dataUsedMb: 1843,
    activatedAt: new Date(Date.now() - 3 * 86_400_000),
  });
  await seedEsimPackage(db, { esimId: esim.id, userId: customer.id, packageSlug: pkg.slug });
  return true;
};

type PaidSeedOrderInput = {
  buyerEmail: string;
  /** The buyer's account (a customer journey that then sees its QR code); none: a guest checkout. */
  userId?: string;
  packageSlug?: string;
};

/** A paid eSIM order the system could not settle: failed, or put in review. */
const seedPaidOrder = async (
  db: Db,
  input: PaidSeedOrderInput,
  state: Pick<
    typeof orders.$inferInsert,
    'fulfilmentStatus' | 'failureReason' | 'reviewReason' | 'fulfilmentAttempts' | 'failedAt' | 'paidAt'
  >,
  caller: string,
) => {
  const pkg = await findSeedPackage(db, input.packageSlug, caller);
  const orderId = randomUUID();
  const [order] = await db
    .insert(orders)
    .values({
      id: orderId,
      number: `ES-${orderId.slice(0, 4).toUpperCase()}-${orderId.slice(4, 8).toUpperCase()}`,
      kind: 'esim',
      userId: input.userId ?? null,
      packageId: pkg.id,
      packageSnapshot: packageSnapshotOf(pkg),
      subtotalCents: pkg.priceCents,
      totalCents: pkg.priceCents,
      paymentMethod: 'card',
      buyerName: 'Seeded Buyer',
      buyerEmail: input.buyerEmail,
      locale: 'en',
      ...state,
    })
    .returning();
  if (!order) throw new Error(`${caller}: insert returned nothing`);
  return order;
};

/**
 * A paid order whose fulfilment failed (the staff's "failed transactions"), a guest checkout unless a `userId`
 * is given. Tests and the e2e test-support route share it.
 */
export const seedFailedOrder = (
  db: Db,
  input: PaidSeedOrderInput & { failureReason?: string; failedAt?: Date },
) => {
  const failedAt = input.failedAt ?? new Date();
  return seedPaidOrder(
    db,
    input,
    {
      fulfilmentStatus: 'failed',
      failureReason: input.failureReason ?? 'provider_error',
      fulfilmentAttempts: 3,
      paidAt: new Date(failedAt.getTime() - 60_000),
      failedAt,
    },
    'seedFailedOrder',
  );
};

/** A paid order the system put in review because the amount paid differed (the staff's "for review", ADR 0034). */
export const seedOrderInReview = (db: Db, input: PaidSeedOrderInput) =>
  seedPaidOrder(
    db,
    input,
    {
      fulfilmentStatus: 'for_review',
      reviewReason: 'amount_mismatch',
      failureReason: 'amount paid differs from total',
      paidAt: new Date(),
    },
    'seedOrderInReview',
  );
