/** GET /api/staff/shops (admin only): one page of shops with balances and counts. */
import type { Paged } from '@esim/contracts';
import type { Shop, ShopsQuery } from '@esim/contracts/staff';
import { api } from '../../../lib/api-client';

export const listShops = (query: ShopsQuery, signal?: AbortSignal) =>
  api.get<Paged<Shop>>('/staff/shops', { query, ...(signal ? { signal } : {}) });
