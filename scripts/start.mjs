#!/usr/bin/env node
// `npm start`: builds what is missing (the front ends; the server's compiled JavaScript when missing or older
// than its sources), then becomes the server: the compiled server runs in this very process, so a signal sent
// to what `npm start` started reaches it (no child to orphan). The server migrates the database, seeds demo
// data on first start and prints the demo accounts; WEB_CONCURRENCY=N makes it a cluster of N processes.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builds = [
  { workspace: 'apps/web', output: 'apps/web/build/server/index.js' },
  { workspace: 'apps/admin', output: 'apps/admin/build/client/index.html' },
];

const run = (args) => {
  const result = spawnSync(args[0], args.slice(1), { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

// Cluster workers run this file again (node:cluster forks the same entry): the primary has built already.
const isWorker = cluster.isWorker;

for (const { workspace, output } of builds) {
  if (isWorker || existsSync(join(root, output))) continue;
  console.log(`Building ${workspace} (first start)...`);
  run(['npm', 'run', 'build', '-w', workspace]);
}

/** Newest modification time under the server's and the workspace packages' sources. */
const newestSource = () => {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  walk(join(root, 'apps/server/src'));
  for (const pkg of ['contracts', 'db', 'i18n']) walk(join(root, 'packages', pkg, 'src'));
  return newest;
};

const serverEntry = join(root, 'apps/server/dist/main.js');
if (!isWorker && (!existsSync(serverEntry) || statSync(serverEntry).mtimeMs < newestSource())) {
  console.log('Building apps/server...');
  run([process.execPath, join(root, 'scripts/build-server.mjs')]);
}

// React and the router pick their production code paths from NODE_ENV; APP_ENV says where we deploy.
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(serverEntry).href);
