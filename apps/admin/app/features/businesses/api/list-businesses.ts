/** GET /api/staff/businesses (admin only): partner applications. */
import type { Paged } from '@esim/contracts';
import type { Business, BusinessesQuery } from '@esim/contracts/staff';
import { api } from '../../../lib/api-client';

export const listBusinesses = (query: BusinessesQuery, signal?: AbortSignal) =>
  api.get<Paged<Business>>('/staff/businesses', { query, ...(signal ? { signal } : {}) });
