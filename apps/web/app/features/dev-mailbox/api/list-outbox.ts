import type { OutboxMessage } from '@esim/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/dev/outbox: every e-mail, SMS and push the product would have sent, newest first. */
export const listOutbox = () => api.get<{ items: OutboxMessage[] }>('/dev/outbox');

export const useOutbox = () =>
  useQuery({ queryKey: ['dev', 'outbox'], queryFn: listOutbox, staleTime: 0, refetchOnWindowFocus: true });
