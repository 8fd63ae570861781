import type { Coupon, CouponsQuery, CouponValues } from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import type { TFunction } from 'i18next';
import { AppError } from '../../lib/app-error';
import { toPaged } from '../../lib/list-query';
import { recordChange } from '../audit/audit.repository';
import { isUniqueViolation } from '../orders/checkout.service';
import { dayOf, validityOf } from './coupon-rules';
import {
  type CouponRow,
  couponCodeTaken,
  findCoupon,
  insertCoupon,
  listCoupons,
  lockCoupon,
  type NewCouponRow,
  packageIdBySlug,
  toCampaignWindows,
  updateCoupon as updateCouponRow,
} from './coupons.repository';
import { couponStateOf } from './offer-lifecycle';

// Coupons for staff (issue 32, ADR 0057): `/coupons/all`, `/coupons/create`, `/coupons/edit/{id}`. Admin only.

const toCoupon = (
  row: CouponRow,
  packageSlug: string | null,
  campaignWindows: { startsAt: string; endsAt: string }[],
): Coupon => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  percentOff: row.kind === 'percent' ? row.value : null,
  amountOffCents: row.kind === 'fixed' ? row.value : null,
  startsOn: dayOf(row.startsAt),
  endsOn: row.endsAt ? dayOf(row.endsAt) : null,
  maxRedemptions: row.maxRedemptions,
  maxPerCustomer: row.maxPerCustomer,
  minOrderCents: row.minOrderCents,
  scopePackageSlug: packageSlug,
  scopePackageType: (row.scopePackageType as Coupon['scopePackageType']) ?? null,
  scopeCountry: row.scopeCountry,
  redeemedCount: row.redeemedCount,
  state: couponStateOf(row, toCampaignWindows(campaignWindows)),
  campaignCount: campaignWindows.length,
  createdAt: row.createdAt.toISOString(),
  version: row.updatedAt.toISOString(),
});

/** What an audit row keeps of a coupon: its terms, not its counter. */
const auditedTerms = (coupon: Coupon) => {
  const {
    id: _id,
    redeemedCount: _count,
    state: _state,
    campaignCount: _campaigns,
    createdAt: _created,
    version: _version,
    ...terms
  } = coupon;
  return terms;
};

export const listStaffCoupons = async (deps: { db: Db }, query: CouponsQuery) => {
  const { rows, total } = await listCoupons(deps.db, query, query);
  return toPaged(
    query,
    total,
    rows.map((row) => toCoupon(row.coupon, row.packageSlug, row.campaignWindows)),
  );
};

export const getStaffCoupon = async (deps: { db: Db }, couponId: string) => {
  const found = await findCoupon(deps.db, couponId);
  if (!found) throw new AppError('NOT_FOUND');
  return toCoupon(found.coupon, found.packageSlug, found.campaignWindows);
};

/** The body as columns, or the translated refusal of a rule the contract alone cannot check. */
const rowValues = async (db: Db, body: CouponValues, exceptId?: string): Promise<NewCouponRow> => {
  if (body.endsOn !== null && body.endsOn < body.startsOn)
    throw new AppError('END_BEFORE_START', { endsOn: ['errors.END_BEFORE_START'] });
  if (await couponCodeTaken(db, body.code, exceptId))
    throw new AppError('COUPON_CODE_TAKEN', { code: ['errors.COUPON_CODE_TAKEN'] });
  const scopePackageId = body.scopePackageSlug ? await packageIdBySlug(db, body.scopePackageSlug) : null;
  if (body.scopePackageSlug && !scopePackageId)
    throw new AppError('VALIDATION_FAILED', { scopePackageSlug: ['errors.PACKAGE_UNKNOWN'] });
  return {
    code: body.code,
    kind: body.kind,
    value: (body.kind === 'percent' ? body.percentOff : body.amountOffCents) ?? 0,
    ...validityOf(body.startsOn, body.endsOn),
    maxRedemptions: body.maxRedemptions,
    maxPerCustomer: body.maxPerCustomer,
    minOrderCents: body.minOrderCents,
    scopePackageId: scopePackageId ?? null,
    scopePackageType: body.scopePackageType,
    scopeCountry: body.scopeCountry,
  };
};

/** Two staff saving one code at once: the unique index refuses the second, with the same words. */
const refuseTakenCode = (error: unknown): never => {
  if (isUniqueViolation(error, 'coupons_code'))
    throw new AppError('COUPON_CODE_TAKEN', { code: ['errors.COUPON_CODE_TAKEN'] });
  throw error;
};

export const createCoupon = async (
  deps: { db: Db },
  input: { staffUserId: string; body: CouponValues; t: TFunction },
) => {
  const values = await rowValues(deps.db, input.body);
  const coupon = await deps.db
    .transaction(async (tx) => {
      const row = await insertCoupon(tx, values);
      const created = toCoupon(row, input.body.scopePackageSlug, []);
      await recordChange(tx, {
        staffUserId: input.staffUserId,
        action: 'coupon.create',
        entityType: 'coupon',
        entityId: row.id,
        before: null,
        after: auditedTerms(created),
      });
      return created;
    })
    .catch(refuseTakenCode);
  return { coupon, message: input.t('admin:coupons.messages.created', { code: coupon.code }) };
};

export const updateCoupon = async (
  deps: { db: Db },
  input: { staffUserId: string; couponId: string; body: CouponValues; t: TFunction },
) => {
  const before = await findCoupon(deps.db, input.couponId);
  if (!before) throw new AppError('NOT_FOUND');
  const values = await rowValues(deps.db, input.body, input.couponId);
  const coupon = await deps.db
    .transaction(async (tx) => {
      // Locked: a checkout taking a use waits, so the limit is compared with the count as it stands.
      const row = await lockCoupon(tx, input.couponId);
      if (!row) throw new AppError('NOT_FOUND');
      if (input.body.version !== undefined && row.updatedAt.toISOString() !== input.body.version)
        throw new AppError('RECORD_CHANGED');
      if (values.maxRedemptions != null && values.maxRedemptions < row.redeemedCount)
        throw new AppError(
          'COUPON_LIMIT_BELOW_USED',
          { maxRedemptions: ['errors.COUPON_LIMIT_BELOW_USED'] },
          undefined,
          { used: row.redeemedCount },
        );
      const updated = await updateCouponRow(tx, input.couponId, values);
      if (!updated) throw new AppError('NOT_FOUND');
      const after = toCoupon(updated, input.body.scopePackageSlug, before.campaignWindows);
      await recordChange(tx, {
        staffUserId: input.staffUserId,
        action: 'coupon.update',
        entityType: 'coupon',
        entityId: row.id,
        before: auditedTerms(toCoupon(row, before.packageSlug, before.campaignWindows)),
        after: auditedTerms(after),
      });
      return after;
    })
    .catch(refuseTakenCode);
  return { coupon, message: input.t('admin:coupons.messages.updated', { code: coupon.code }) };
};
