import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codebaseOf, documentsOf, inlineCodeOf, namesIn, root, staleNames } from './check-doc-names.mjs';

// The guides, docs/ARCHITECTURE.md and the folders' READMEs name only code that exists (scripts/check-doc-names.mjs).
describe('names in the guides', () => {
  it('are all in the code', () => {
    const documents = documentsOf();
    expect(documents.map((d) => d.slice(root.length + 1))).toEqual(
      expect.arrayContaining(['docs/ARCHITECTURE.md', 'docs/guides/add-an-endpoint.md', 'README.md']),
    );
    expect(staleNames(codebaseOf(), documents)).toEqual([]);
  });

  it('reads identifiers, calls, paths and workspace modules, and leaves prose, commands and placeholders', () => {
    const kinds = (code) => namesIn(code).map((n) => `${n.kind}:${n.name}`);
    expect(kinds('listClients')).toEqual(['identifier:listClients']);
    expect(kinds('defineListQuery({ select, where })')).toEqual(['identifier:defineListQuery']);
    expect(kinds('Paged<Item>')).toEqual(['identifier:Paged']);
    expect(kinds('PAGE_OUT_OF_RANGE')).toEqual(['identifier:PAGE_OUT_OF_RANGE']);
    expect(kinds('apps/server/src/lib/csv.ts')).toEqual(['path:apps/server/src/lib/csv.ts']);
    expect(kinds('e2e/tests/staff/')).toEqual(['path:e2e/tests/staff']);
    expect(kinds('orders.staff.routes.ts')).toEqual(['path:orders.staff.routes.ts']);
    expect(kinds('@esim/contracts/staff')).toEqual(['module:@esim/contracts/staff']);
    for (const code of [
      'listX(db, filters, page)',
      'xList',
      'exportX',
      'modules/<name>/',
      'packages/i18n/locales/*/admin.json',
      'npm run lint',
      '/api/staff/clients',
      'config: { access }',
      'sq',
      'apps/server/dist/main.js',
      'LISTEN/NOTIFY',
      'col.text/number/money',
    ])
      expect(kinds(code), code).toEqual([]);
  });

  const scratch = mkdtempSync(join(tmpdir(), 'doc-names-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('reports a renamed function, a moved file, a missing module export and a stale import, with their lines', () => {
    const guide = join(scratch, 'guide.md');
    writeFileSync(
      guide,
      [
        'Call `listClients(db, filters, page)` from `apps/server/src/lib/list-query.ts`.',
        'Then `requireStaffRole(deps)` in `apps/server/src/lib/gone.ts` with `@esim/contracts/nowhere`.',
        '```ts',
        "import { toPaged, batchesOf } from '../../lib/list-query';",
        "import { vanishedHelper } from '../../lib/no-such-file';",
        'const listThings = () => newHelper(); // an example declares and calls what it likes',
        '```',
      ].join('\n'),
    );
    expect(inlineCodeOf('a `b` and ``c`d``')).toEqual([
      { code: 'b', line: 1 },
      { code: 'c`d', line: 1 },
    ]);
    expect(staleNames(codebaseOf(), [guide]).map(({ line, name }) => `${line}:${name}`)).toEqual([
      '2:requireStaffRole',
      '2:apps/server/src/lib/gone.ts',
      '2:@esim/contracts/nowhere',
      '4:batchesOf',
      '5:lib/no-such-file',
      '5:vanishedHelper',
    ]);
  });
});
