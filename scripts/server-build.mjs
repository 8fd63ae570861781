// The compiled server (apps/server/dist): built when missing or older than its sources. Shared by `npm start`
// and `npm run staff:create-admin`, so both run the JavaScript of the sources checked out.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

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

/** Builds apps/server/dist when `entry` (a file in it) is missing or stale; returns the entry's path. */
export const ensureServerBuild = (entry = 'main.js') => {
  const path = join(root, 'apps/server/dist', entry);
  if (!existsSync(path) || statSync(path).mtimeMs < newestSource()) {
    console.log('Building apps/server...');
    const result = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs')], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  return path;
};
