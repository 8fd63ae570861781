/** /api/staff/saved-views: where the staff lists keep each person's saved views (the list kit's store). */
import type { SavedView } from '@esim/contracts/staff';
import type { SavedViewsStore } from '@esim/ui/list/saved-views';
import { api } from './api-client';

export const savedViewsStore: SavedViewsStore = {
  list: async (listId, signal) =>
    (
      await api.get<{ items: SavedView[] }>('/staff/saved-views', {
        query: { listId },
        ...(signal ? { signal } : {}),
      })
    ).items,
  save: (view) => api.post<SavedView>('/staff/saved-views', view),
  remove: (viewId) => api.delete(`/staff/saved-views/${encodeURIComponent(viewId)}`),
};
