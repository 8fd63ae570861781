import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Architecture rule (docs/ARCHITECTURE.md): every query lives in a `*.repository.ts` file, so "where is this
 * read or written?" has one answer per resource. Tests may query freely; `lib/list-query.ts` builds ORDER BY and
 * paging pieces for repositories.
 */
const root = import.meta.dirname;
const allowed = new Set(['lib/list-query.ts']);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });

const rules: [string, RegExp][] = [
  // Value imports only: `import type { SQL } from 'drizzle-orm'` builds no query.
  ['imports drizzle-orm', /^import\s+(?!type\b)[^;]*from\s+['"]drizzle-orm(?:\/[^'"]*)?['"]/m],
  [
    'builds a query on db or tx',
    /\b(?:db|tx)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute|\$count)\s*\(/,
  ],
  ['writes raw SQL', /\bsql\s*(?:<[^>]*>)?`/],
];

/** Files outside repositories that break the rule, with what they do. */
const queriesOutsideRepositories = (files: string[], base: string) =>
  files.flatMap((file) => {
    const name = relative(base, file).replaceAll('\\', '/');
    // Test support (src/test/: harness, fuzz state checks) reads the database like a test does.
    if (
      name.endsWith('.repository.ts') ||
      name.endsWith('.test.ts') ||
      name.startsWith('test/') ||
      allowed.has(name)
    )
      return [];
    const text = readFileSync(file, 'utf8');
    return rules.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${name}: ${what}`);
  });

describe('queries live in repositories', () => {
  it('finds no query outside a *.repository.ts file', () => {
    expect(queriesOutsideRepositories(sourceFiles(root), root)).toEqual([]);
  });

  it('recognises a query written in a service', () => {
    const text =
      "import { eq } from 'drizzle-orm';\nawait deps.db\n  .select()\n  .from(orders);\nsql`now()`";
    expect(rules.filter(([, pattern]) => pattern.test(text)).map(([what]) => what)).toEqual([
      'imports drizzle-orm',
      'builds a query on db or tx',
      'writes raw SQL',
    ]);
    expect(rules.some(([, pattern]) => pattern.test("import type { SQL } from 'drizzle-orm';"))).toBe(false);
  });
});
