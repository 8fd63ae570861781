/** GET /api/staff/staff-members (admin only): one page of staff accounts. */
import type { Paged } from '@esim/contracts';
import type { StaffMember, StaffMembersQuery } from '@esim/contracts/staff';
import { api } from '../../../lib/api-client';

export const listStaffMembers = (query: StaffMembersQuery, signal?: AbortSignal) =>
  api.get<Paged<StaffMember>>('/staff/staff-members', { query, ...(signal ? { signal } : {}) });
