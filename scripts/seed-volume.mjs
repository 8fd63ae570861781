#!/usr/bin/env node
// npm run seed:volume — adds the staff lists' volume data set (100,000 customers, 300,000 orders, 500 shops,
// 1,000,000 page views; VOLUME_CUSTOMERS, VOLUME_ORDERS, VOLUME_SHOPS, VOLUME_PAGE_VIEWS) to the PostgreSQL database of DATABASE_URL. Start the product
// on that database once first (it migrates and seeds the catalogue); a second run adds nothing.
import pg from 'pg';
import { seedTrafficVolume } from './bench/traffic-volume.mjs';
import { seedVolume } from './bench/volume.mjs';

const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error(
    'seed:volume needs DATABASE_URL=postgres://… (the embedded database is for demos, not volume)',
  );
  process.exit(1);
}
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  await seedVolume(client, {
    customers: Number(process.env.VOLUME_CUSTOMERS ?? 100_000),
    orders: Number(process.env.VOLUME_ORDERS ?? 300_000),
    shops: Number(process.env.VOLUME_SHOPS ?? 500),
    log: (line) => console.log(line),
  });
  // Issue 33: a million page views and the orders' attribution; the product's roll-up job sums them (nightly
  // for the last 35 days; a test server rebuilds every day on POST /api/test/traffic-rollup?days=all).
  await seedTrafficVolume(client, {
    pageViews: Number(process.env.VOLUME_PAGE_VIEWS ?? 1_000_000),
    log: (line) => console.log(line),
  });
} finally {
  await client.end();
}
