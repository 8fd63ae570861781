import type { PreviewCouponBody } from '@esim/contracts';
import type { Db } from '@esim/db';
import { AppError } from '../../lib/app-error';
import { findSellablePackageBySlug, type PackageRow } from '../catalogue/catalogue.repository';
import { orderPriceOf } from '../catalogue/package-price';
import { couponDiscountCents, isRunning } from './coupon-rules';
import {
  type CouponRow,
  countCustomerRedemptions,
  findCouponByCode,
  findRedemptionOfOrder,
  insertCouponRedemption,
  lockCoupon,
  packageWorksIn,
  reholdRedemptionOfOrder,
  takeCouponUse,
} from './coupons.repository';

// A coupon at checkout (ADR 0057): checked and its use taken in the order's own transaction, with the coupon
// row locked, so concurrent checkouts take turns and never pass its limits; captured when the order is paid,
// released when its payment fails or expires.

const refusal = (
  code: 'COUPON_UNKNOWN' | 'COUPON_NOT_APPLICABLE' | 'COUPON_EXHAUSTED' | 'COUPON_CUSTOMER_LIMIT',
) => new AppError(code, { couponCode: [`errors.${code}`] });

type Pkg = Pick<PackageRow, 'id' | 'type'>;

/** The rules that do not depend on other orders: dates, scope and minimum order. Returns the discount. */
const checkTerms = async (db: Db, coupon: CouponRow | undefined, pkg: Pkg, priceCents: number, now: Date) => {
  if (!coupon || !isRunning(coupon, now)) throw refusal('COUPON_UNKNOWN');
  if (coupon.scopePackageId && coupon.scopePackageId !== pkg.id) throw refusal('COUPON_NOT_APPLICABLE');
  if (coupon.scopePackageType && coupon.scopePackageType !== pkg.type) throw refusal('COUPON_NOT_APPLICABLE');
  if (coupon.scopeCountry && !(await packageWorksIn(db, pkg.id, coupon.scopeCountry)))
    throw refusal('COUPON_NOT_APPLICABLE');
  if (priceCents < coupon.minOrderCents)
    throw new AppError('COUPON_MIN_ORDER', { couponCode: ['errors.COUPON_MIN_ORDER'] }, undefined, {
      min: (coupon.minOrderCents / 100).toFixed(2),
    });
  const discountCents = couponDiscountCents(coupon, priceCents);
  if (discountCents <= 0) throw refusal('COUPON_NOT_APPLICABLE');
  return discountCents;
};

export type CouponUse = { couponId: string; customerKey: string; discountCents: number };

/**
 * Before the order is inserted, in its transaction: the coupon by its code, its terms, and (with its row locked
 * until the transaction ends) its limits in total and for this customer. Returns the discount to price with.
 */
export const reserveCoupon = async (
  tx: Db,
  input: { code: string; pkg: Pkg; priceCents: number; customerEmail: string; now?: Date },
): Promise<CouponUse> => {
  const found = await findCouponByCode(tx, input.code);
  const coupon = found ? await lockCoupon(tx, found.id) : undefined;
  const discountCents = await checkTerms(tx, coupon, input.pkg, input.priceCents, input.now ?? new Date());
  if (!coupon) throw refusal('COUPON_UNKNOWN');
  const customerKey = input.customerEmail.toLowerCase();
  if (
    coupon.maxPerCustomer !== null &&
    (await countCustomerRedemptions(tx, coupon.id, customerKey)) >= coupon.maxPerCustomer
  )
    throw refusal('COUPON_CUSTOMER_LIMIT');
  if (coupon.maxRedemptions !== null && coupon.redeemedCount >= coupon.maxRedemptions)
    throw refusal('COUPON_EXHAUSTED');
  return { couponId: coupon.id, customerKey, discountCents };
};

/** After the order is inserted, in the same transaction: the use is taken (guarded) and recorded as held. */
export const redeemCoupon = async (tx: Db, use: CouponUse, orderId: string) => {
  if (!(await takeCouponUse(tx, use.couponId))) throw refusal('COUPON_EXHAUSTED');
  await insertCouponRedemption(tx, {
    couponId: use.couponId,
    orderId,
    customerKey: use.customerKey,
    amountCents: use.discountCents,
    status: 'held',
  });
};

/** Why a released use could not be taken again. */
export type RetakeRefusal = 'COUPON_UNKNOWN' | 'COUPON_CUSTOMER_LIMIT' | 'COUPON_EXHAUSTED';

/**
 * An order whose coupon use went back when its payment failed takes it again, with the coupon's row locked until
 * the caller's transaction ends: on "try again" (ADR 0057) and when the provider reports the payment succeeded
 * after all (ADR 0083). The coupon must still be running and within its limits in total and for this customer
 * (the order's own released use counts for neither). Neither taken nor refused: the order has no released use.
 */
export const retakeReleasedCoupon = async (
  tx: Db,
  orderId: string,
  now = new Date(),
): Promise<{ taken: boolean; refusal?: RetakeRefusal }> => {
  const redemption = await findRedemptionOfOrder(tx, orderId);
  if (redemption?.status !== 'released') return { taken: false };
  const coupon = await lockCoupon(tx, redemption.couponId);
  if (!coupon || !isRunning(coupon, now)) return { taken: false, refusal: 'COUPON_UNKNOWN' };
  if (
    coupon.maxPerCustomer !== null &&
    (await countCustomerRedemptions(tx, coupon.id, redemption.customerKey)) >= coupon.maxPerCustomer
  )
    return { taken: false, refusal: 'COUPON_CUSTOMER_LIMIT' };
  if (!(await takeCouponUse(tx, coupon.id))) return { taken: false, refusal: 'COUPON_EXHAUSTED' };
  await reholdRedemptionOfOrder(tx, orderId);
  return { taken: true };
};

/**
 * What the coupon takes off this package's price now, or its refusal; nothing is held (the order page's quote,
 * ADR 0093). The order itself checks again under the coupon's lock (`reserveCoupon`).
 */
export const quoteCouponDiscount = async (db: Db, code: string, pkg: Pkg, priceCents: number) => {
  const coupon = await findCouponByCode(db, code);
  const discountCents = await checkTerms(db, coupon, pkg, priceCents, new Date());
  if (coupon && coupon.maxRedemptions !== null && coupon.redeemedCount >= coupon.maxRedemptions)
    throw refusal('COUPON_EXHAUSTED');
  return discountCents;
};

/** `POST /api/coupons/preview`: what the coupon takes off this package now. Nothing is held. */
export const previewCoupon = async (deps: { db: Db }, body: PreviewCouponBody) => {
  const pkg = await findSellablePackageBySlug(deps.db, body.packageSlug);
  if (!pkg) throw new AppError('NOT_FOUND', { packageSlug: ['errors.NOT_FOUND'] });
  const { totalCents: priceCents } = orderPriceOf(pkg);
  const discountCents = await quoteCouponDiscount(deps.db, body.code, pkg, priceCents);
  return { priceCents, discountCents, totalCents: priceCents - discountCents };
};
