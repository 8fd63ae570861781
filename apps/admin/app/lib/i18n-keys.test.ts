/**
 * Every translation key the staff app names exists in English (`npm run i18n:check` then holds the other eleven
 * locales to English), in a namespace the file may read: a key a feature borrows from another area, or one left
 * behind by a move, fails here instead of showing its raw key on screen. Reads the source as text: `t('…')`
 * calls with the namespaces of the file's `useTranslation(…)`, and every quoted `<namespace>:<key>` (list
 * labels, status lists). A key built at run time is checked up to its first `${`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = join(appDir, '../../../packages/i18n/locales/en');

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('+') ? [] : files(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

const namespaces = new Map(
  readdirSync(localesDir).map((file) => [
    file.replace(/\.json$/, ''),
    JSON.parse(readFileSync(join(localesDir, file), 'utf8')) as unknown,
  ]),
);

/** Whether `key` (or, for a prefix, anything under it) is in the namespace. */
const has = (ns: string, key: string, prefix: boolean): boolean => {
  let node: unknown = namespaces.get(ns);
  const parts = key.split('.').filter(Boolean);
  for (const part of parts) {
    if (!node || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[part];
  }
  if (prefix) return node !== undefined;
  // Plurals: `orders` stands for `orders_one`, `orders_other`.
  if (node === undefined) {
    const parent = parts
      .slice(0, -1)
      .reduce<unknown>((n, p) => (n as Record<string, unknown>)?.[p], namespaces.get(ns));
    return Boolean(parent && typeof parent === 'object' && `${parts.at(-1)}_other` in parent);
  }
  return typeof node === 'string';
};

const missing: string[] = [];
for (const file of files(appDir)) {
  const text = readFileSync(file, 'utf8');
  const where = relative(appDir, file);
  const declared = [...text.matchAll(/useTranslation\(([^)]*)\)/g)].flatMap((m) =>
    [...(m[1] ?? '').matchAll(/'([\w-]+)'/g)].map((n) => n[1] ?? ''),
  );
  const lookIn = declared.length > 0 ? [...new Set(declared)] : ['admin'];
  for (const m of text.matchAll(/\bt\(\s*(['`])([^'`]*?)\1/g)) {
    const raw = m[2] ?? '';
    const dynamic = raw.includes('${');
    const key = dynamic ? raw.slice(0, raw.indexOf('${')).replace(/\.$/, '') : raw;
    if (!key || key.startsWith('${')) continue;
    const [ns, rest] = key.includes(':') ? (key.split(':') as [string, string]) : [null, key];
    const found = ns ? has(ns, rest, dynamic) : lookIn.some((n) => has(n, rest, dynamic));
    if (!found) missing.push(`${where}: t('${raw}') (looked in ${ns ?? lookIn.join(', ')})`);
  }
  for (const m of text.matchAll(/['"`]((?:admin(?:-[a-z]+)?|common):[\w.-]+)['"`]/g)) {
    const [ns, rest] = (m[1] ?? '').split(':') as [string, string];
    // A key handed on (a list's footer label) may be a plural: `footer` for `footer_one`, `footer_other`.
    if (!has(ns, rest, true) && !has(ns, rest, false)) missing.push(`${where}: '${m[1]}'`);
  }
}

describe('staff translation keys', () => {
  it('names only keys that exist, in the namespaces the file reads', () => {
    expect(missing).toEqual([]);
  });
});
