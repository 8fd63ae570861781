/**
 * Every list the staff app defines, checked at run time against its query contract and its words: the types
 * already refuse a sort field or a filter the contract lacks (packages/ui/src/list/list-url-state.test.ts); this
 * holds the same for what only the running schema knows (a select's values, a date's format) and for the labels.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ListDefinition, ListQueryBase, RowsDefinition } from '@esim/ui/list/define-list';
import { describe, expect, it } from 'vitest';

const modules = import.meta.glob<Record<string, unknown>>(['../features/*/*-list.ts', './order-rows.ts'], {
  eager: true,
});
const localesDir = join(dirname(fileURLToPath(import.meta.url)), '../../../../packages/i18n/locales/en');

type AnyList = ListDefinition<ListQueryBase, unknown>;
const isRows = (value: unknown): value is RowsDefinition<unknown> =>
  Boolean(value && typeof value === 'object' && 'columns' in value && 'labels' in value && 'rowId' in value);
const isList = (value: unknown): value is AnyList => isRows(value) && 'query' in value && 'fetch' in value;

const definitions = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isRows(value))
    .map(([name, value]) => ({
      name: `${file.replace(/^.*\//, '')} ${name}`,
      value: value as RowsDefinition<unknown>,
    })),
);

const label = (key: string): boolean => {
  const [ns, path] = key.split(':') as [string, string];
  let node: unknown = JSON.parse(readFileSync(join(localesDir, `${ns}.json`), 'utf8'));
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string';
};

describe('staff list definitions', () => {
  it('finds the lists', () => {
    expect(definitions.filter(({ value }) => isList(value)).length).toBeGreaterThanOrEqual(6);
  });

  it.each(definitions)('$name: ids are unique and every column has a label', ({ value }) => {
    const ids = value.columns.map((column) => column.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !label(`${value.labels}.${id}`))).toEqual([]);
  });

  it.each(definitions.filter(({ value }) => isList(value)))(
    '$name: sorts and filters only by what the contract takes',
    ({ value }) => {
      const list = value as AnyList;
      const refused: string[] = [];
      const accepts = (raw: Record<string, unknown>) => list.query.safeParse(raw).success;
      for (const column of list.columns.filter((c) => c.sortable))
        for (const sort of [column.id, `-${column.id}`]) if (!accepts({ sort })) refused.push(`sort=${sort}`);
      const shape = (list.query as unknown as { shape: Record<string, unknown> }).shape;
      for (const filter of list.filters) {
        const params =
          filter.kind === 'dateRange' || filter.kind === 'moneyRange'
            ? [filter.from, filter.to]
            : [filter.param];
        for (const param of params) {
          if (!(param in shape)) refused.push(`unknown parameter ${param}`);
          else if (!label(`${list.labels}.${param}`) && filter.kind !== 'search')
            refused.push(`no label ${param}`);
        }
        if (filter.kind === 'select')
          for (const option of filter.options) {
            if (!accepts({ [filter.param]: option })) refused.push(`${filter.param}=${option}`);
            if (filter.optionLabels && !label(`${filter.optionLabels}.${option}`))
              refused.push(`no label ${filter.optionLabels}.${option}`);
          }
        if (
          filter.kind === 'dateRange' &&
          !accepts({ [filter.from]: '2026-01-31', [filter.to]: '2026-02-01' })
        )
          refused.push(`${filter.param} dates`);
        if (filter.kind === 'moneyRange' && !accepts({ [filter.from]: 100, [filter.to]: 2500 }))
          refused.push(`${filter.param} amounts`);
      }
      expect(refused).toEqual([]);
    },
  );
});
