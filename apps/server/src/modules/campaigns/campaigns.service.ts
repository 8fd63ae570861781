import type { Locale } from '@esim/contracts';
import {
  type BannerTexts,
  type Campaign,
  type CampaignLanguagesValues,
  type CampaignOrders,
  type CampaignOrdersQuery,
  type CampaignsQuery,
  type CampaignValues,
  requiredBannerLocales,
} from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import type { TFunction } from 'i18next';
import { AppError } from '../../lib/app-error';
import { toPaged } from '../../lib/list-query';
import { recordChange } from '../audit/audit.repository';
import { dayOf, validityOf } from '../coupons/coupon-rules';
import { campaignStateOf } from '../coupons/offer-lifecycle';
import { isUniqueViolation } from '../orders/checkout.service';
import {
  type CampaignRow,
  couponIdByCode,
  findCampaign,
  findRunningCampaign,
  insertCampaign,
  listCampaignOrders as listCampaignOrderRows,
  listCampaigns,
  lockCampaign,
  updateCampaign as updateCampaignRow,
  utmCodeTaken,
} from './campaigns.repository';

// Campaigns for staff (issue 32, ADR 0058): admin and analytics. Every change is audited.

type CampaignDeps = { db: Db; config: { siteUrl: string } };

/** The link staff share: the home page with the campaign's utm parameters (the site keeps them to the order). */
const linkOf = (siteUrl: string, utmCode: string) =>
  `${siteUrl}/?utm_source=campaign&utm_campaign=${encodeURIComponent(utmCode)}`;

const toCampaign = (siteUrl: string, row: CampaignRow, couponCode: string | null): Campaign => ({
  id: row.id,
  name: row.name,
  utmCode: row.utmCode,
  startsOn: dayOf(row.startsAt),
  endsOn: dayOf(row.endsAt),
  couponCode,
  bannerTexts: Object.fromEntries(Object.entries(row.bannerTexts).filter(([, text]) => text)) as Record<
    string,
    string
  >,
  state: campaignStateOf(row),
  link: linkOf(siteUrl, row.utmCode),
  createdAt: row.createdAt.toISOString(),
  version: row.updatedAt.toISOString(),
});

const audited = ({ id: _id, state: _state, link: _link, createdAt: _c, version: _v, ...rest }: Campaign) =>
  rest;

export const listStaffCampaigns = async (deps: CampaignDeps, query: CampaignsQuery) => {
  const { rows, total } = await listCampaigns(deps.db, query, query);
  return toPaged(
    query,
    total,
    rows.map((row) => toCampaign(deps.config.siteUrl, row.campaign, row.couponCode)),
  );
};

const findOrNotFound = async (db: Db, campaignId: string) => {
  const found = await findCampaign(db, campaignId);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
};

export const getStaffCampaign = async (deps: CampaignDeps, campaignId: string) => {
  const found = await findOrNotFound(deps.db, campaignId);
  return toCampaign(deps.config.siteUrl, found.campaign, found.couponCode);
};

/** The texts kept (empty ones dropped), or the refusal naming each required language left empty. */
const bannerTextsOf = (texts: BannerTexts) => {
  const missing = requiredBannerLocales.filter((locale) => !texts[locale]?.trim());
  if (missing.length > 0)
    throw new AppError(
      'CAMPAIGN_TEXT_MISSING',
      Object.fromEntries(
        missing.map((locale) => [`bannerTexts.${locale}`, ['errors.CAMPAIGN_TEXT_MISSING']]),
      ),
    );
  return Object.fromEntries(Object.entries(texts).filter(([, text]) => text?.trim())) as BannerTexts;
};

const rowValues = async (db: Db, body: CampaignValues, exceptId?: string) => {
  if (body.endsOn < body.startsOn)
    throw new AppError('END_BEFORE_START', { endsOn: ['errors.END_BEFORE_START'] });
  const bannerTexts = bannerTextsOf(body.bannerTexts);
  if (await utmCodeTaken(db, body.utmCode, exceptId))
    throw new AppError('CAMPAIGN_CODE_TAKEN', { utmCode: ['errors.CAMPAIGN_CODE_TAKEN'] });
  const couponId = body.couponCode ? await couponIdByCode(db, body.couponCode) : null;
  if (body.couponCode && !couponId)
    throw new AppError('VALIDATION_FAILED', { couponCode: ['errors.COUPON_UNKNOWN'] });
  const { startsAt, endsAt } = validityOf(body.startsOn, body.endsOn);
  return {
    name: body.name,
    utmCode: body.utmCode,
    startsAt,
    endsAt: endsAt ?? startsAt,
    couponId,
    bannerTexts,
  };
};

const refuseTakenCode = (error: unknown): never => {
  if (isUniqueViolation(error, 'campaigns_utm_code'))
    throw new AppError('CAMPAIGN_CODE_TAKEN', { utmCode: ['errors.CAMPAIGN_CODE_TAKEN'] });
  throw error;
};

export const createCampaign = async (
  deps: CampaignDeps,
  input: { staffUserId: string; body: CampaignValues; t: TFunction },
) => {
  const values = await rowValues(deps.db, input.body);
  const campaign = await deps.db
    .transaction(async (tx) => {
      const row = await insertCampaign(tx, values);
      const created = toCampaign(deps.config.siteUrl, row, input.body.couponCode ?? null);
      await recordChange(tx, {
        staffUserId: input.staffUserId,
        action: 'campaign.create',
        entityType: 'campaign',
        entityId: row.id,
        before: null,
        after: audited(created),
      });
      return created;
    })
    .catch(refuseTakenCode);
  forgetBanner(deps.db);
  return { campaign, message: input.t('admin:campaigns.messages.created', { name: campaign.name }) };
};

/** One change under the row lock, refused when the version read is stale; audited. */
const changeCampaign = async (
  deps: CampaignDeps,
  input: { staffUserId: string; campaignId: string; version: string | undefined; t: TFunction },
  change: (row: CampaignRow) => Promise<Partial<CampaignRow>> | Partial<CampaignRow>,
  couponCodeAfter: (before: string | null) => string | null,
) => {
  const before = await findOrNotFound(deps.db, input.campaignId);
  const campaign = await deps.db
    .transaction(async (tx) => {
      const row = await lockCampaign(tx, input.campaignId);
      if (!row) throw new AppError('NOT_FOUND');
      if (input.version !== undefined && row.updatedAt.toISOString() !== input.version)
        throw new AppError('RECORD_CHANGED');
      const updated = await updateCampaignRow(tx, row.id, await change(row));
      if (!updated) throw new AppError('NOT_FOUND');
      const after = toCampaign(deps.config.siteUrl, updated, couponCodeAfter(before.couponCode));
      await recordChange(tx, {
        staffUserId: input.staffUserId,
        action: 'campaign.update',
        entityType: 'campaign',
        entityId: row.id,
        before: audited(toCampaign(deps.config.siteUrl, row, before.couponCode)),
        after: audited(after),
      });
      return after;
    })
    .catch(refuseTakenCode);
  forgetBanner(deps.db);
  return { campaign, message: input.t('admin:campaigns.messages.updated', { name: campaign.name }) };
};

export const updateCampaign = async (
  deps: CampaignDeps,
  input: { staffUserId: string; campaignId: string; body: CampaignValues; t: TFunction },
) => {
  const values = await rowValues(deps.db, input.body, input.campaignId);
  return changeCampaign(
    deps,
    { ...input, version: input.body.version },
    () => values,
    () => input.body.couponCode ?? null,
  );
};

/** `/campaigns/languages/{id}`: the twelve banner texts alone. */
export const updateCampaignTexts = (
  deps: CampaignDeps,
  input: { staffUserId: string; campaignId: string; body: CampaignLanguagesValues; t: TFunction },
) => {
  const bannerTexts = bannerTextsOf(input.body.bannerTexts);
  return changeCampaign(
    deps,
    { ...input, version: input.body.version },
    () => ({ bannerTexts }),
    (code) => code,
  );
};

export const listCampaignOrders = async (
  deps: CampaignDeps,
  campaignId: string,
  query: CampaignOrdersQuery,
): Promise<CampaignOrders> => {
  const { campaign } = await findOrNotFound(deps.db, campaignId);
  const { rows, totals } = await listCampaignOrderRows(deps.db, campaign, query);
  const { total, ...figures } = totals;
  return {
    ...toPaged(
      query,
      total,
      rows.map(({ viaCoupon, createdAt, ...row }) => ({
        ...row,
        via: viaCoupon ? ('coupon' as const) : ('link' as const),
        createdAt: createdAt.toISOString(),
      })),
    ),
    totals: figures,
  };
};

/**
 * The site's banner (server-rendered on every page): the running campaign's text in the page's language; none
 * where staff left that language empty (a page shows one language, so no English line on a German page). Read at most every few seconds per process, so a change shows everywhere within that time.
 */
const bannerTtlMs = 5_000;
const bannerCache = new WeakMap<Db, { at: number; running: ReturnType<typeof findRunningCampaign> }>();

const forgetBanner = (db: Db) => bannerCache.delete(db);

export const campaignBanner = async (db: Db, locale: Locale, now = Date.now()) => {
  let cached = bannerCache.get(db);
  if (!cached || now - cached.at > bannerTtlMs) {
    cached = { at: now, running: findRunningCampaign(db) };
    bannerCache.set(db, cached);
  }
  const running = await cached.running.catch(() => undefined);
  const text = running?.bannerTexts[locale];
  return text ? { text } : null;
};
