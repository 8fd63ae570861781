/**
 * A list's footer row: one more row under the table with figures over every page (a report's totals), formatted
 * by the same columns as the rows, so a total reads like the amounts above it. A list defines it with
 * `footer: { label, values: (answer) => answer.totals }` (define-list.ts); the list view draws `footerCells`.
 */
import type { Paged } from '@esim/contracts';
import type { ReactNode } from 'react';
import type { CellContext, Column, ListFooter } from './define-list';

export type FooterCell = { id: string; content: ReactNode; align?: 'left' | 'right' | undefined };

/** The footer's cells for the visible columns, in their order; null when the answer gives no values. */
export const footerCells = <Item>(
  footer: ListFooter<Item>,
  columns: readonly Column<Item>[],
  answer: Paged<Item>,
  context: CellContext,
): FooterCell[] | null => {
  const values = footer.values(answer);
  if (!values) return null;
  let labelled = false;
  return columns.map((column) => {
    if (column.id in values)
      // The columns read only their own field, which the values hold: a partial item is enough.
      return { id: column.id, content: column.cell(values as Item, context), align: column.align };
    if (labelled) return { id: column.id, content: '' };
    labelled = true;
    return { id: column.id, content: context.t(footer.label, footer.labelValues?.(answer, context)) };
  });
};
