// The Facebook ads' volume data set (issue 33, ADR 0078): besides the sandbox's account (synced by the bench through
// the product, as the daily job and `npm run ads:sync` do), a large account of 24 campaigns × 4 ad sets × 5 ads
// (480 ads) reporting on three days of four over the last two years (about 260,000 ad-day rows; the traffic
// campaigns report no purchases, missing rather than 0). The volume orders' Meta attribution: Meta's click id on
// every 16th, and two thirds of the facebook/instagram ones name one of these campaigns by its id (the rest name
// none we know). Marked by `vol-` ids; a second run adds nothing. Run it after the sandbox's sync: a sync removes
// the rows of its range it did not write.

export const seedAdsVolume = async (client, { log = () => {} } = {}) => {
  const { rows } = await client.query(
    `select exists (select 1 from ad_campaigns where external_id like 'vol-cmp-%') as seeded`,
  );
  if (rows[0].seeded) {
    log('ads volume already there: nothing added');
    return;
  }
  let started = Date.now();
  await client.query(
    `insert into ad_campaigns (external_id, name, status, objective)
     select 'vol-cmp-' || i, 'Volume campaign ' || i, case when i % 5 = 4 then 'PAUSED' else 'ACTIVE' end,
       case when i % 6 = 5 then 'OUTCOME_TRAFFIC' else 'OUTCOME_SALES' end
     from generate_series(0, 23) as i`,
  );
  await client.query(
    `insert into ad_sets (external_id, campaign_id, name, status)
     select c.external_id || '-set-' || s, c.id, c.name || ', set ' || s, c.status
     from ad_campaigns c cross join generate_series(0, 3) as s where c.external_id like 'vol-cmp-%'`,
  );
  await client.query(
    `insert into ads (external_id, ad_set_id, campaign_id, name, status)
     select s.external_id || '-ad-' || a, s.id, s.campaign_id, s.name || ', ad ' || a, s.status
     from ad_sets s cross join generate_series(0, 4) as a where s.external_id like 'vol-cmp-%'`,
  );
  await client.query(
    `insert into ad_insights_daily (ad_id, day, campaign_id, spend_cents, impressions, reach, clicks, cpc_cents,
       ctr_percent, purchases, purchase_value_cents)
     select id, day, campaign_id, spend, impressions, impressions * 4 / 5, clicks,
       round(spend::numeric / clicks, 2), round(clicks * 100.0 / impressions, 4),
       case when not traffic then h % 6 end, case when not traffic then (h % 6) * 2900 end
     from (
       select a.id, d::date as day, a.campaign_id, c.objective = 'OUTCOME_TRAFFIC' as traffic,
         abs(hashtext(a.external_id || d::date)) as h,
         500 + abs(hashtext(a.external_id || d::date)) % 20000 as spend,
         2000 + abs(hashtext(d::date || a.external_id)) % 60000 as impressions,
         20 + abs(hashtext(d::date || a.external_id)) % 900 as clicks
       from ads a join ad_campaigns c on c.id = a.campaign_id
       cross join generate_series(current_date - 729, current_date, interval '1 day') as d
       where a.external_id like 'vol-cmp-%'
     ) x
     where h % 4 <> 0`,
  );
  const { rows: count } = await client.query(
    `select count(*)::int as n from ad_insights_daily i join ads a on a.id = i.ad_id
     where a.external_id like 'vol-cmp-%'`,
  );
  // What a sync writes with its rows (ADR 0078): the range's days per campaign.
  await client.query(
    `insert into ad_campaign_days (day, campaign_id, spend_cents, impressions, clicks, purchases,
       purchase_value_cents)
     select day, campaign_id, sum(spend_cents), sum(impressions), sum(clicks), sum(purchases),
       sum(purchase_value_cents)
     from ad_insights_daily where campaign_id in (select id from ad_campaigns where external_id like 'vol-cmp-%')
     group by day, campaign_id`,
  );
  // And its months per ad (ADR 0088).
  await client.query(
    `insert into ad_months (month, ad_id, spend_cents, impressions, clicks, purchases, purchase_value_cents)
     select date_trunc('month', day)::date, ad_id, sum(spend_cents), sum(impressions), sum(clicks), sum(purchases),
       sum(purchase_value_cents)
     from ad_insights_daily where campaign_id in (select id from ad_campaigns where external_id like 'vol-cmp-%')
     group by 1, 2`,
  );
  log(`${count[0].n} ad-day insights of 480 ads in ${Date.now() - started} ms`);

  started = Date.now();
  await client.query(
    `update orders set
       fbclid = case when n % 16 = 0 then 'IwAR-volume-' || n end,
       utm_campaign = case when utm_source in ('facebook', 'instagram') and n % 3 <> 0 then 'vol-cmp-' || (n % 24)
                      else utm_campaign end
     from (select id, substr(number, 5)::int as n from orders where number like 'VOL-%') as v
     where orders.id = v.id and (n % 16 = 0 or utm_source in ('facebook', 'instagram'))`,
  );
  const { rows: attributed } = await client.query(
    `select count(*)::int as n from orders where number like 'VOL-%'
     and (fbclid is not null or lower(utm_source) in ('facebook', 'fb', 'ig', 'instagram'))`,
  );
  log(`${attributed[0].n} volume orders through an ad in ${Date.now() - started} ms`);
  // Vacuumed as autovacuum would (volume.mjs): the orders' ad attribution above updated 75,000 rows.
  await client.query('vacuum (analyze) ad_campaigns, ad_sets, ads, ad_insights_daily, ad_months, orders');
};
