#!/usr/bin/env node
// `npm start`: builds what is missing (the front ends; the server's compiled JavaScript when missing or older
// than its sources), then becomes the server: the compiled server runs in this very process, so a signal sent
// to what `npm start` started reaches it (no child to orphan). The server migrates the database, seeds demo
// data on first start (development) and prints the demo accounts; WEB_CONCURRENCY=N makes it a cluster of N processes.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuild, root } from './server-build.mjs';

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

if (!isWorker) ensureServerBuild('main.js');
const serverEntry = join(root, 'apps/server/dist/main.js');

// React and the router pick their production code paths from NODE_ENV; APP_ENV says where we deploy.
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(serverEntry).href);
