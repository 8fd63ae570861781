/** GET /api/staff/shops (admin only): one page of shops with balances and counts. */
import type { Paged, Shop, ShopsQuery } from '@esim/contracts';
import { api } from '../../../lib/api-client';

export const listShops = (query: ShopsQuery, signal?: AbortSignal) =>
  api.get<Paged<Shop>>('/staff/shops', { query, ...(signal ? { signal } : {}) });
