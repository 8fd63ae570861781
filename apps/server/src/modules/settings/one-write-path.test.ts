import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// ADR 0063: the current settings and policy texts are written by the settings repository only (called by the
// one write path that versions and audits every change); the seed writes the first value once.
const root = join(import.meta.dirname, '../../../../..');
const allowed = new Set([
  'apps/server/src/modules/settings/settings.repository.ts',
  'packages/db/src/seed/demo.ts',
  'packages/db/src/seed/content.ts',
  // The payment sandbox's own switch under a key of its own ('sandbox-payments'): no staff setting.
  'apps/server/src/adapters/payments/sandbox.repository.ts',
]);
const writes = /\.(insert|update|delete)\(\s*(settings|contentPages|settingVersions)\s*\)/;

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'build') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

describe('one write path for settings', () => {
  it('no module but the settings repository writes settings, policy texts or their versions', () => {
    const offenders = [join(root, 'apps/server/src'), join(root, 'packages/db/src')]
      .flatMap(sources)
      .map((path) => relative(root, path))
      .filter((path) => !allowed.has(path) && writes.test(readFileSync(join(root, path), 'utf8')));
    expect(offenders).toEqual([]);
    // The check itself finds what it looks for.
    expect(
      writes.test(
        readFileSync(join(root, 'apps/server/src/modules/settings/settings.repository.ts'), 'utf8'),
      ),
    ).toBe(true);
  });
});
