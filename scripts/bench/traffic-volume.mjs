// The statistics' volume data set (issue 33): one million page views over two years (four per visit, eight
// sources, campaigns on three of them, twenty landing pages, ten countries) and the volume orders' attribution
// (utm source and campaign, landing page, country). Marked by `/volume-` paths; a second run adds nothing.
// The roll-ups are then rebuilt by the product (POST /api/test/traffic-rollup?days=all on a test server).

export const seedTrafficVolume = async (client, { pageViews = 1_000_000, log = () => {} } = {}) => {
  const { rows } = await client.query(
    `select exists (select 1 from traffic_page_views where landing_page like '/volume-%') as seeded`,
  );
  if (rows[0].seeded) {
    log('traffic volume already there: nothing added');
    return;
  }
  const countries = `array['AL','DE','IT','FR','GR','MK','TR','ES','AT','SE']`;
  const sources = `array['facebook','google.com','instagram','direct','newsletter','tiktok','bing.com','partner']`;
  let started = Date.now();
  // i / 4 is the visit (integer division): its four views share source, campaign, landing page and country.
  await client.query(
    `insert into traffic_page_views (occurred_at, session_id, path, locale, country, source, medium, campaign,
       referrer_host, landing_page, entry)
     select now() - (i * 63 || ' seconds')::interval, md5('volume-visit-' || (i / 4))::uuid,
       case when i % 4 = 0 then '/volume-landing-' || ((i / 4) % 20) else '/volume-page-' || (i % 30) end,
       (array['sq','en','de','it'])[1 + (i / 4) % 4], (${countries})[1 + (i / 4) % 10],
       (${sources})[1 + (i / 4) % 8],
       case when (i / 4) % 8 in (0, 2, 5) then 'cpc' end,
       case when (i / 4) % 8 in (0, 2, 5) then 'volume-campaign-' || ((i / 4) % 12) end,
       case when (i / 4) % 8 in (1, 6) then (${sources})[1 + (i / 4) % 8] end,
       '/volume-landing-' || ((i / 4) % 20), i % 4 = 0
     from generate_series(0, $1 - 1) as i`,
    [pageViews],
  );
  log(`${pageViews} page views in ${Date.now() - started} ms`);

  started = Date.now();
  await client.query(
    `update orders set
       utm_source = case when n % 8 in (0, 2, 5) then (${sources})[1 + n % 8] end,
       utm_campaign = case when n % 8 in (0, 2, 5) then 'volume-campaign-' || (n % 12) end,
       referrer_host = case when n % 8 in (1, 6) then (${sources})[1 + n % 8] end,
       landing_page = '/volume-landing-' || (n % 20),
       country = (${countries})[1 + n % 10]
     from (select id, substr(number, 5)::int as n from orders where number like 'VOL-%') as v
     where orders.id = v.id`,
  );
  log(`volume orders' attribution in ${Date.now() - started} ms`);
  // Its attribution update left a dead row per volume order: vacuumed as autovacuum would (volume.mjs).
  await client.query('vacuum (analyze) traffic_page_views, orders');
};
