#!/usr/bin/env node
// `npm start`: builds the front ends when their build is missing, then runs the server (which migrates the
// database, seeds demo data on first start and prints the demo accounts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builds = [
  { workspace: 'apps/web', output: 'apps/web/build/server/index.js' },
  { workspace: 'apps/admin', output: 'apps/admin/build/client/index.html' },
];

for (const { workspace, output } of builds) {
  if (existsSync(join(root, output))) continue;
  console.log(`Building ${workspace} (first start)...`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  // React and the router pick their production code paths from NODE_ENV; APP_ENV says where we deploy.
  env: { NODE_ENV: 'production', ...process.env },
});
process.exit(server.status ?? 1);
