import { randomBytes } from 'node:crypto';
import type { Locale } from '@esim/contracts';
import { isLocale } from '@esim/contracts/locales';
import type {
  Business,
  BusinessDetail,
  BusinessesQuery,
  BusinessOrdersQuery,
  BusinessOrdersResponse,
  BusinessResponse,
  RejectBusinessBody,
} from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import type { TFunction } from 'i18next';
import { AppError } from '../../lib/app-error';
import { toPaged } from '../../lib/list-query';
import { listHistory, recordChange } from '../audit/audit.repository';
import { renderActionMail } from '../mail/templates';
import { createShopWithUser, type ShopInviteDeps } from '../shops/shops.service';
import {
  type BusinessRow,
  businessTotals,
  findBusiness,
  listBusinessOrders as listBusinessOrderRows,
  listBusinesses as listBusinessRows,
  lockBusiness,
  referralCodeTaken,
  updateBusiness,
} from './businesses.repository';

/** Where a referral code is shared: the home page with `?ref=` (any page of the site keeps it). */
const referralLink = (siteUrl: string, code: string) => `${siteUrl}/?ref=${encodeURIComponent(code)}`;

const toBusiness = (siteUrl: string, row: BusinessRow): Business => ({
  id: row.id,
  fullName: row.fullName,
  companyName: row.companyName,
  country: row.country,
  email: row.email,
  phone: row.phone,
  title: row.title,
  message: row.message,
  businessType: row.businessType,
  status: row.status,
  referralCode: row.referralCode,
  referralLink: row.referralCode ? referralLink(siteUrl, row.referralCode) : null,
  shopId: row.shopId,
  rejectionReason: row.rejectionReason,
  createdAt: row.createdAt.toISOString(),
  version: row.updatedAt.toISOString(),
});

type BusinessDeps = ShopInviteDeps;

/** One page of partner applications (staff). */
export const listBusinesses = async (deps: BusinessDeps, query: BusinessesQuery) => {
  const { rows, total } = await listBusinessRows(deps.db, query, query);
  return toPaged(
    query,
    total,
    rows.map((row) => toBusiness(deps.config.siteUrl, row.business)),
  );
};

export const getBusinessDetail = async (deps: BusinessDeps, businessId: string): Promise<BusinessDetail> => {
  const row = await findBusiness(deps.db, businessId);
  if (!row) throw new AppError('NOT_FOUND');
  return {
    business: toBusiness(deps.config.siteUrl, row),
    history: await listHistory(deps.db, 'application', businessId),
  };
};

/** A readable code from the partner's name and a random tail, e.g. `ARTA-7K2QX`; retried if taken. */
const newReferralCode = async (db: Db, row: BusinessRow) => {
  const stem =
    (row.companyName ?? row.fullName)
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .slice(0, 8) || 'PARTNER';
  for (;;) {
    const tail = randomBytes(4)
      .toString('base64url')
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .slice(0, 5);
    const code = `${stem}-${tail}`;
    if (tail.length === 5 && !(await referralCodeTaken(db, code))) return code;
  }
};

const splitName = (fullName: string) => {
  const [first = fullName, ...rest] = fullName.trim().split(/\s+/);
  return { firstName: first.slice(0, 50), lastName: (rest.join(' ') || first).slice(0, 50) };
};

/** Runs a decision on a new application under its lock, with the version check and an audit row. */
const decide = async (
  deps: BusinessDeps,
  input: { staffUserId: string; businessId: string; version: string; action: 'approve' | 'reject' },
  apply: (tx: Db, row: BusinessRow) => Promise<Partial<BusinessRow>>,
) =>
  deps.db.transaction(async (tx) => {
    const row = await lockBusiness(tx, input.businessId);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.updatedAt.toISOString() !== input.version) throw new AppError('RECORD_CHANGED');
    // Decided once: approving twice (two staff, two tabs) would make two shops or two codes.
    if (row.status !== 'new') throw new AppError('ACTION_NOT_ALLOWED');
    const updated = await updateBusiness(tx, row.id, { ...(await apply(tx, row)), decidedAt: new Date() });
    if (!updated) throw new AppError('NOT_FOUND');
    await recordChange(tx, {
      staffUserId: input.staffUserId,
      action: `application.${input.action}`,
      entityType: 'application',
      entityId: row.id,
      before: { status: row.status },
      after: {
        status: updated.status,
        ...(updated.referralCode ? { referralCode: updated.referralCode } : {}),
        ...(updated.rejectionReason ? { reason: updated.rejectionReason } : {}),
      },
    });
    return updated;
  });

const applicantLocale = (row: BusinessRow): Locale => (isLocale(row.locale) ? row.locale : 'en');

/**
 * Approves an application: a reseller becomes an active shop whose user is invited to the portal; an influencer
 * or a business gets a referral code and link by e-mail. Each e-mail goes through the outbox in the same
 * transaction as the decision.
 */
export const approveBusiness = async (
  deps: BusinessDeps,
  input: { staffUserId: string; businessId: string; version: string; t: TFunction },
): Promise<BusinessResponse> => {
  const updated = await decide(deps, { ...input, action: 'approve' }, async (tx, row) => {
    const locale = applicantLocale(row);
    if (row.businessType === 'reseller') {
      const shop = await createShopWithUser(deps, tx, {
        staffUserId: input.staffUserId,
        locale,
        body: {
          shopName: row.companyName ?? row.fullName,
          sellShopPrice: 20,
          ...splitName(row.fullName),
          email: row.email,
          phone: row.phone,
          country: row.country,
        },
      });
      return { status: 'approved', shopId: shop.id };
    }
    const code = await newReferralCode(tx, row);
    await deps.mailer.send(
      renderActionMail(deps.i18n.fixedT(locale, 'mail'), {
        to: row.email,
        name: splitName(row.fullName).firstName,
        link: referralLink(deps.config.siteUrl, code),
        template: 'partnerApproved',
        values: { code },
      }),
      tx,
    );
    return { status: 'approved', referralCode: code };
  });
  void deps.mailer.deliverPending().catch(() => undefined);
  const business = toBusiness(deps.config.siteUrl, updated);
  const name = business.companyName ?? business.fullName;
  return {
    business,
    message:
      business.businessType === 'reseller'
        ? input.t('admin:messages.application.approvedReseller', { name })
        : input.t('admin:messages.application.approvedPartner', { name, code: business.referralCode ?? '' }),
  };
};

/** Rejects an application with a reason, e-mailed to the applicant in their language. */
export const rejectBusiness = async (
  deps: BusinessDeps,
  input: { staffUserId: string; businessId: string; body: RejectBusinessBody; t: TFunction },
): Promise<BusinessResponse> => {
  const updated = await decide(
    deps,
    { ...input, version: input.body.version, action: 'reject' },
    async (tx, row) => {
      await deps.mailer.send(
        renderActionMail(deps.i18n.fixedT(applicantLocale(row), 'mail'), {
          to: row.email,
          name: splitName(row.fullName).firstName,
          link: `${deps.config.siteUrl}/contact`,
          template: 'partnerRejected',
          values: { reason: input.body.reason },
        }),
        tx,
      );
      return { status: 'rejected', rejectionReason: input.body.reason };
    },
  );
  void deps.mailer.deliverPending().catch(() => undefined);
  const business = toBusiness(deps.config.siteUrl, updated);
  return {
    business,
    message: input.t('admin:messages.application.rejected', {
      name: business.companyName ?? business.fullName,
    }),
  };
};

/** Orders partners' links brought, one page, with each partner's paid orders and total (of the same filter). */
export const listBusinessOrders = async (
  deps: { db: Db },
  query: BusinessOrdersQuery,
): Promise<BusinessOrdersResponse> => {
  const [{ rows, total }, totals] = await Promise.all([
    listBusinessOrderRows(deps.db, query, query),
    businessTotals(deps.db, query),
  ]);
  const page = toPaged(
    query,
    total,
    rows.map(({ order, business }) => ({
      id: order.id,
      number: order.number,
      businessId: business.id,
      businessName: business.companyName ?? business.fullName,
      referralCode: business.referralCode ?? '',
      status: order.status,
      totalCents: order.totalCents,
      buyerEmail: order.buyerEmail,
      paidAt: order.paidAt?.toISOString() ?? null,
      createdAt: order.createdAt.toISOString(),
    })),
  );
  return { ...page, totals: totals.sort((a, b) => b.paidTotalCents - a.paidTotalCents) };
};
