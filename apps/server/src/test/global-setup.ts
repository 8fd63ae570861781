import { createDatabase } from '@esim/db';

/** With TEST_DATABASE_URL (PostgreSQL), migrate once before the files run in parallel. */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const database = await createDatabase({ driver: 'postgres', url });
  await database.migrate();
  await database.close();
}
