// The staff lists' volume data set (issue 12): customers, orders (some with an active eSIM) and shops, written
// with generate_series in a few statements so 100,000 customers take seconds, not minutes. Rows are marked
// (`@volume.test` e-mails, `VOL-` order numbers, `Volume shop` names) and a second run adds nothing.

/** Writes the volume data set into a migrated database that has a catalogue (the product seeds one at start). */
export const seedVolume = async (
  client,
  { customers = 100_000, orders = 300_000, shops = 500, log = () => {} } = {},
) => {
  const { rows } = await client.query(
    `select count(*)::int as n from users where email like 'vol-%@volume.test'`,
  );
  if (rows[0].n > 0) {
    log(`volume data already there (${rows[0].n} customers): nothing added`);
    return;
  }
  const countries = `array['AL','DE','IT','FR','GR','MK','TR','ES','AT','SE']`;
  let started = Date.now();
  await client.query(
    `insert into users (kind, first_name, last_name, email, phone, country, locale, status, email_verified_at,
       created_at, updated_at)
     select 'customer', 'Vol' || i, 'Traveller' || (i % 1000), 'vol-' || i || '@volume.test',
       '+3556' || lpad(i::text, 8, '0'), (${countries})[1 + i % 10], 'sq',
       case when i % 97 = 0 then 'blocked' else 'active' end, now(),
       now() - (i || ' minutes')::interval, now()
     from generate_series(1, $1) as i`,
    [customers],
  );
  log(`${customers} customers in ${Date.now() - started} ms`);

  started = Date.now();
  await client.query(
    `insert into shops (name, status, sell_shop_price, credit_cents, created_at)
     select 'Volume shop ' || i, case when i % 25 = 0 then 'pending_verification' else 'active' end, 20, 0,
       now() - (i || ' hours')::interval
     from generate_series(1, $1) as i`,
    [shops],
  );
  log(`${shops} shops in ${Date.now() - started} ms`);

  // Orders carry the buyer's country and one of up to 30 catalogue packages, and every 100th was partly
  // refunded, so the analytics and package statistics (ADR 0072) see a realistic spread of keys.
  started = Date.now();
  await client.query(
    `with c as (select id, email, country, row_number() over (order by email) as rn from users
                where email like 'vol-%@volume.test'),
       p as (select array_agg(id order by slug) as ids, array_agg(name order by slug) as names
             from (select id, slug, name from packages where active order by slug limit 30) x)
     insert into orders (number, kind, fulfilment_status, refunded_cents, user_id, subtotal_cents, total_cents,
       payment_method, buyer_name, buyer_email, locale, country, package_id, package_snapshot, paid_at, completed_at,
       created_at, updated_at)
     select 'VOL-' || lpad(i::text, 7, '0'), 'esim', 'completed', case when i % 100 = 0 then 500 else 0 end, c.id,
       900 + (i % 40) * 100, 900 + (i % 40) * 100, 'card', 'Volume buyer', c.email, 'sq', c.country,
       p.ids[1 + i % cardinality(p.ids)], jsonb_build_object('name', p.names[1 + i % cardinality(p.ids)]),
       now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval,
       now() - (i || ' minutes')::interval, now()
     from generate_series(1, $1) as i join c on c.rn = 1 + (i % $2) cross join p`,
    [orders, customers],
  );
  await client.query(
    `insert into refunds (order_id, amount_cents, kind, status, reason, created_at, updated_at)
     select id, 500, 'order', 'succeeded', 'Volume refund', paid_at + interval '1 day', now()
     from orders where number like 'VOL-%' and status = 'partially_refunded'`,
  );
  log(`${orders} orders in ${Date.now() - started} ms`);

  // Every 10th customer has an eSIM with an active package (the "has active eSIM" filter).
  started = Date.now();
  const { rows: pkgs } = await client.query(`select id from packages where active limit 1`);
  if (pkgs.length === 0)
    throw new Error('seedVolume: no package (start the product once to seed the catalogue)');
  await client.query(
    `with o as (select distinct on (o.user_id) o.id as order_id, o.user_id
                from orders o join users u on u.id = o.user_id
                where u.email like 'vol-%0@volume.test' and o.number like 'VOL-%'
                order by o.user_id, o.number),
     e as (insert into esims (iccid, user_id, order_id, provider, provider_ref, activation_code, smdp_address,
             matching_id, status)
           select '8935' || lpad(row_number() over ()::text, 15, '0'), user_id, order_id, 'sandbox',
             'vol-' || order_id, 'LPA:1$smdp.volume.test$' || order_id, 'smdp.volume.test', order_id::text,
             'installed'
           from o returning id, order_id)
     insert into esim_packages (esim_id, package_id, order_id, snapshot, status, data_mb, validity_days,
       activated_at, expires_at)
     select e.id, $1, e.order_id, '{"name":"Volume 5 GB"}'::jsonb, 'active', 5120, 30, now(),
       now() + interval '20 days'
     from e`,
    [pkgs[0].id],
  );
  log(`active eSIMs in ${Date.now() - started} ms`);
  // Vacuumed as well as analyzed: this machine's PostgreSQL runs with autovacuum off, while a production server
  // vacuums a freshly loaded table on its own (PostgreSQL 13+ counts inserts), so the queries meet the tables they
  // would (visibility map set, no dead rows from the attribution updates).
  await client.query('vacuum (analyze) users, orders, refunds, esims, esim_packages, shops');
};
