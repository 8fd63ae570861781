import { apiSchemas, z } from './zod';

/** Saved views: a staff member's named filters of a list, found again from the list's "Saved views" (issue 12). */
export const savedViewSchema = z
  .object({ id: z.uuid(), listId: z.string(), name: z.string(), query: z.string(), createdAt: z.string() })
  .register(apiSchemas, { id: 'SavedView' });
export type SavedView = z.infer<typeof savedViewSchema>;

const listIdField = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{0,62}$/, { message: 'format' });

export const savedViewsQuerySchema = z.object({ listId: listIdField });
export const savedViewsResponseSchema = z
  .object({ items: z.array(savedViewSchema) })
  .register(apiSchemas, { id: 'SavedViews' });

export const createSavedViewBodySchema = z.strictObject({
  listId: listIdField,
  name: z.string().trim().min(1).max(80),
  /** Search params as the list writes them: `status=blocked&country=DE`. */
  query: z.string().max(2000),
});
export type CreateSavedViewBody = z.infer<typeof createSavedViewBodySchema>;

export const savedViewIdParamsSchema = z.object({ viewId: z.uuid() });

/** How many views one person may keep per list: enough for real use, a bound against runaway clients. */
export const savedViewsPerList = 50;
