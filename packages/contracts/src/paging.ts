import { apiSchemas, z } from './zod';

/**
 * Paging, sorting and the paged answer: the one shape every list endpoint (catalogue, customer, portal, staff)
 * takes and returns, so the list kits on the front ends and the server's list helper speak it once.
 */

/** Query-string paging: 1-based page, page size bounded per list. */
export const pageQuerySchema = (options: { defaultSize: number; maxSize: number }) =>
  z.object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(options.maxSize).default(options.defaultSize),
  });
export type PageQuery = { page: number; pageSize: number };

/**
 * A sort parameter over a fixed list of fields: `field` ascending, `-field` descending. Unknown fields are a
 * validation error, never passed to SQL.
 */
export const sortQuerySchema = <const Field extends string>(fields: readonly [Field, ...Field[]]) =>
  z.enum([...fields, ...fields.map((field) => `-${field}` as `-${Field}`)] as [
    Field | `-${Field}`,
    ...(Field | `-${Field}`)[],
  ]);
export type SortDirection = 'asc' | 'desc';

/** Splits `-field` into the field and its direction. */
export const parseSort = <Field extends string>(
  sort: Field | `-${Field}`,
): { field: Field; direction: SortDirection } =>
  sort.startsWith('-')
    ? { field: sort.slice(1) as Field, direction: 'desc' }
    : { field: sort as Field, direction: 'asc' };

/** The paged answer around any item schema. */
export const pagedSchema = <Item extends z.ZodType>(item: Item, id: string) =>
  z
    .object({
      items: z.array(item),
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
    })
    .register(apiSchemas, { id });
export type Paged<Item> = { items: Item[]; page: number; pageSize: number; total: number };
