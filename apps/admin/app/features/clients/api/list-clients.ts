/** GET /api/staff/clients (admin, editor): one page of clients; and the whole filtered list as CSV. */
import type { Paged } from '@esim/contracts';
import type { Client, ClientsQuery } from '@esim/contracts/staff';
import { api } from '../../../lib/api-client';

export const listClients = (query: ClientsQuery, signal?: AbortSignal) =>
  api.get<Paged<Client>>('/staff/clients', { query, ...(signal ? { signal } : {}) });

/** Every client matching the filters, streamed by the server (not only the page on screen). */
export const exportClients = ({ page: _page, pageSize: _size, ...filters }: ClientsQuery) =>
  api.get<string>('/staff/clients.csv', { query: filters });
