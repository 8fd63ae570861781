import { createHmac } from 'node:crypto';
import type { AdDayInsight, AdsProvider } from './port';

export type MetaAdsOptions = {
  /** The ad account's id without the `act_` prefix. */
  adAccountId: string;
  accessToken: string;
  /** When set, every call carries `appsecret_proof` (the app may require it). */
  appSecret?: string;
  apiVersion?: string;
  /** Graph API origin; tests point it at the local fake. */
  baseUrl?: string;
  timeoutMs?: number;
  /** Rows per page (Meta allows up to 500; tests use fewer to follow the paging). */
  pageSize?: number;
  fetch?: typeof fetch;
};

type Page<T> = { data: T[]; paging?: { next?: string } };
type MetaAction = { action_type: string; value: string };
type MetaInsightRow = {
  ad_id: string;
  ad_name?: string;
  adset_id?: string;
  adset_name?: string;
  campaign_id?: string;
  campaign_name?: string;
  date_start: string;
  spend?: string;
  impressions?: string;
  reach?: string;
  clicks?: string;
  cpc?: string;
  ctr?: string;
  actions?: MetaAction[];
  action_values?: MetaAction[];
};

/**
 * Meta counts one purchase under several action types (the pixel's, the app's and their de-duplicated sum):
 * the first one present is read, never their sum.
 */
const purchaseTypes = ['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase'];

/** "12.3" → 1230: a decimal string of currency units in cents, without floating-point error. */
export const decimalToCents = (value: string | undefined): number | null => {
  if (value === undefined || !/^\d+(\.\d+)?$/.test(value)) return null;
  const [units = '0', fraction = ''] = value.split('.');
  const cents = Number(units) * 100 + Number(`${fraction}00`.slice(0, 2));
  // A third decimal rounds half up (Meta sends two for euro; other currencies may send more).
  return Number(fraction[2] ?? '0') >= 5 ? cents + 1 : cents;
};

const integerOf = (value: string | undefined) =>
  value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
const numberOf = (value: string | undefined) =>
  value !== undefined && Number.isFinite(Number(value)) && value !== '' ? Number(value) : null;

const actionOf = (actions: MetaAction[] | undefined, read: (v: string) => number | null) => {
  for (const type of purchaseTypes) {
    const action = actions?.find((a) => a.action_type === type);
    if (action) return read(action.value);
  }
  return null;
};

export const metaInsightOf = (row: MetaInsightRow): AdDayInsight => {
  const cpc = numberOf(row.cpc);
  return {
    adExternalId: row.ad_id,
    day: row.date_start,
    spendCents: decimalToCents(row.spend),
    impressions: integerOf(row.impressions),
    reach: integerOf(row.reach),
    clicks: integerOf(row.clicks),
    cpcCents: cpc === null ? null : Math.round(cpc * 10_000) / 100,
    ctrPercent: numberOf(row.ctr),
    purchases: actionOf(row.actions, (v) => integerOf(v)),
    purchaseValueCents: actionOf(row.action_values, decimalToCents),
    ...(row.ad_name && row.adset_id && row.adset_name && row.campaign_id && row.campaign_name
      ? {
          ad: {
            name: row.ad_name,
            adSetExternalId: row.adset_id,
            adSetName: row.adset_name,
            campaignExternalId: row.campaign_id,
            campaignName: row.campaign_name,
          },
        }
      : {}),
  };
};

const dayMs = 86_400_000;
/** Meta answers day-by-day insights over long ranges slowly or not at all: ask a month at a time. */
const chunksOf = (from: string, to: string, days = 31) => {
  const chunks: { since: string; until: string }[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += days * dayMs) {
    const until = new Date(Math.min(t + (days - 1) * dayMs, Date.parse(`${to}T00:00:00Z`)));
    chunks.push({ since: new Date(t).toISOString().slice(0, 10), until: until.toISOString().slice(0, 10) });
  }
  return chunks;
};

/**
 * Meta Marketing API (Graph API): `act_<id>/campaigns`, `/adsets`, `/ads` and `/insights` at ad level with one row
 * per day (`time_increment=1`), following `paging.next` to the end. The token goes in the Authorization header;
 * an error answer (`{ error: { code, message } }`) throws with Meta's code.
 */
export const createMetaAdsProvider = (options: MetaAdsOptions): AdsProvider => {
  const send = options.fetch ?? fetch;
  const base = `${(options.baseUrl ?? 'https://graph.facebook.com').replace(/\/$/, '')}/${options.apiVersion ?? 'v21.0'}`;
  const proof = options.appSecret
    ? createHmac('sha256', options.appSecret).update(options.accessToken).digest('hex')
    : null;

  const call = async <T>(url: string): Promise<Page<T>> => {
    const target = new URL(url);
    if (proof) target.searchParams.set('appsecret_proof', proof);
    const response = await send(target, {
      headers: { authorization: `Bearer ${options.accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const body = (await response.json().catch(() => ({}))) as Page<T> & {
      error?: { code?: number; message?: string };
    };
    if (!response.ok || body.error)
      throw new Error(
        `meta ads answered ${response.status}${body.error?.code ? ` (${body.error.code})` : ''}: ${body.error?.message ?? ''}`,
      );
    return body;
  };

  const all = async <T>(path: string, params: Record<string, string>): Promise<T[]> => {
    const url = new URL(`${base}/act_${options.adAccountId}/${path}`);
    for (const [name, value] of Object.entries({ limit: String(options.pageSize ?? 500), ...params }))
      url.searchParams.set(name, value);
    const rows: T[] = [];
    for (let next: string | undefined = url.toString(); next; ) {
      const page: Page<T> = await call<T>(next);
      rows.push(...page.data);
      next = page.paging?.next;
    }
    return rows;
  };

  return {
    name: 'meta',
    listCampaigns: async () =>
      (
        await all<{ id: string; name: string; status: string; objective?: string }>('campaigns', {
          fields: 'id,name,status,objective',
        })
      ).map((c) => ({ externalId: c.id, name: c.name, status: c.status, objective: c.objective ?? null })),
    listAdSets: async () =>
      (
        await all<{ id: string; name: string; status: string; campaign_id: string }>('adsets', {
          fields: 'id,name,status,campaign_id',
        })
      ).map((s) => ({ externalId: s.id, campaignExternalId: s.campaign_id, name: s.name, status: s.status })),
    listAds: async () =>
      (
        await all<{ id: string; name: string; status: string; adset_id: string; campaign_id: string }>(
          'ads',
          {
            fields: 'id,name,status,adset_id,campaign_id',
          },
        )
      ).map((a) => ({
        externalId: a.id,
        adSetExternalId: a.adset_id,
        campaignExternalId: a.campaign_id,
        name: a.name,
        status: a.status,
      })),
    dailyInsights: async ({ from, to }) => {
      const rows: AdDayInsight[] = [];
      for (const range of chunksOf(from, to))
        for (const row of await all<MetaInsightRow>('insights', {
          level: 'ad',
          time_increment: '1',
          time_range: JSON.stringify(range),
          fields:
            'ad_id,ad_name,adset_id,adset_name,campaign_id,campaign_name,spend,impressions,reach,clicks,cpc,ctr,actions,action_values',
        }))
          rows.push(metaInsightOf(row));
      return rows;
    },
  };
};
