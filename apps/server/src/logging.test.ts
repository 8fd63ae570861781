import { PassThrough } from 'node:stream';
import { seedUser } from '@esim/db';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDeps } from './create-deps';
import { openTestDatabase, testEnv, uniqueEmail } from './test/harness';

let lines: string[] = [];
let close: () => Promise<void>;
let app: Awaited<ReturnType<typeof buildApp>>;
let db: Awaited<ReturnType<typeof createDeps>>['db'];

beforeAll(async () => {
  const database = await openTestDatabase();
  const deps = await createDeps(loadConfig({ ...testEnv, LOG_LEVEL: 'info' }), { database });
  db = deps.db;
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  app = await buildApp(deps, 'api', { logStream: stream });
  close = async () => {
    await app.close();
    await database.close();
  };
});
afterAll(() => close());

it('logs requests without passwords, tokens or cookies', async () => {
  lines = [];
  const password = 'Very-secret-passw0rd';
  const user = await seedUser(db, { email: uniqueEmail('log'), password });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password },
  });
  const token = login.json().access_token as string;
  await app.inject({
    method: 'GET',
    url: '/api/auth/user-profile',
    headers: { authorization: `Bearer ${token}`, cookie: 'lang=sq; secret=cookie-value' },
  });
  await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: `${password}x` },
  });
  const output = lines.join('\n');
  expect(lines.length).toBeGreaterThan(3);
  expect(output).not.toContain(password);
  expect(output).not.toContain(token);
  expect(output).not.toContain('cookie-value');
});
