import { type CreateSavedViewBody, type SavedView, savedViewsPerList } from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import { AppError } from '../../lib/app-error';
import {
  deleteSavedView,
  listSavedViews,
  type SavedViewRow,
  upsertSavedView,
} from './saved-views.repository';

const toSavedView = (row: SavedViewRow): SavedView => ({
  id: row.id,
  listId: row.listId,
  name: row.name,
  query: row.query,
  createdAt: row.createdAt.toISOString(),
});

/** A view is filters and order, not a place in the list: its page is dropped. */
const cleanQuery = (query: string) => {
  const params = new URLSearchParams(query);
  params.delete('page');
  return params.toString();
};

export const getSavedViews = async (deps: { db: Db }, staffUserId: string, listId: string) => ({
  items: (await listSavedViews(deps.db, staffUserId, listId)).map(toSavedView),
});

export const saveView = async (deps: { db: Db }, staffUserId: string, body: CreateSavedViewBody) => {
  const existing = await listSavedViews(deps.db, staffUserId, body.listId);
  if (!existing.some((v) => v.name === body.name) && existing.length >= savedViewsPerList)
    throw new AppError('SAVED_VIEWS_LIMIT');
  const row = await upsertSavedView(deps.db, { staffUserId, ...body, query: cleanQuery(body.query) });
  if (!row) throw new AppError('INTERNAL');
  return toSavedView(row);
};

export const removeSavedView = async (deps: { db: Db }, staffUserId: string, viewId: string) => {
  if (!(await deleteSavedView(deps.db, staffUserId, viewId))) throw new AppError('NOT_FOUND');
};
