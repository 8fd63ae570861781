import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeMetaInsight = {
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
  actions?: { action_type: string; value: string }[];
  action_values?: { action_type: string; value: string }[];
};

/**
 * A local stand-in for Meta's Graph API (Marketing API): `GET /<version>/act_<id>/{campaigns,adsets,ads,insights}`
 * with the bearer token, cursor paging through `paging.next` (page size from `limit`), insights filtered by
 * `time_range` and only at `level=ad` with `time_increment=1`, and Meta's error shape
 * (`{ error: { message, type, code, fbtrace_id } }`).
 */
export const startFakeMeta = async (options: {
  adAccountId: string;
  accessToken: string;
  version?: string;
}) => {
  const version = options.version ?? 'v21.0';
  const state = {
    campaigns: [] as { id: string; name: string; status: string; objective?: string }[],
    adsets: [] as { id: string; name: string; status: string; campaign_id: string }[],
    ads: [] as { id: string; name: string; status: string; adset_id: string; campaign_id: string }[],
    insights: [] as FakeMetaInsight[],
    /** Every request's path and query, for assertions. */
    requests: [] as URL[],
    failNext: 0,
  };
  const server = createServer((request, response) => {
    const reply = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const error = (status: number, code: number, message: string, type = 'OAuthException') =>
      reply(status, { error: { message, type, code, fbtrace_id: 'AbCdEf' } });
    const url = new URL(request.url ?? '/', 'http://fake.meta');
    state.requests.push(url);
    if (request.headers.authorization !== `Bearer ${options.accessToken}`)
      return error(400, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (state.failNext > 0) {
      state.failNext--;
      return error(400, 17, 'User request limit reached', 'OAuthException');
    }
    const match = url.pathname.match(/^\/(v[\d.]+)\/act_(\w+)\/(campaigns|adsets|ads|insights)$/);
    if (request.method !== 'GET' || !match || match[1] !== version)
      return error(400, 100, 'Unsupported get request.', 'GraphMethodException');
    if (match[2] !== options.adAccountId)
      return error(400, 100, `Unsupported get request. Object with ID 'act_${match[2]}' does not exist`);
    const edge = match[3] as 'campaigns' | 'adsets' | 'ads' | 'insights';
    let rows: object[] = state[edge];
    if (edge === 'insights') {
      if (url.searchParams.get('level') !== 'ad' || url.searchParams.get('time_increment') !== '1')
        return error(400, 100, 'This fake answers ad-level daily insights only', 'GraphMethodException');
      let range: { since?: string; until?: string };
      try {
        range = JSON.parse(url.searchParams.get('time_range') ?? '');
      } catch {
        return error(400, 100, '(#100) time_range must be a JSON object', 'GraphMethodException');
      }
      const { since, until } = range;
      if (!since || !until || since > until)
        return error(400, 100, '(#100) Invalid time_range', 'GraphMethodException');
      rows = state.insights.filter((r) => r.date_start >= since && r.date_start <= until);
    }
    const limit = Number(url.searchParams.get('limit') ?? '25');
    const offset = Number(url.searchParams.get('after') ?? '0');
    const page = rows.slice(offset, offset + limit);
    const next = new URL(url);
    next.searchParams.set('after', String(offset + limit));
    return reply(200, {
      data: page,
      paging: {
        cursors: { before: String(offset), after: String(offset + limit) },
        ...(offset + limit < rows.length
          ? { next: `http://127.0.0.1:${port}${next.pathname}${next.search}` }
          : {}),
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
