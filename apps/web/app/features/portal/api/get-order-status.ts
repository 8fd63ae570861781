import type { PortalOrderStatus } from '@esim/contracts/portal-subscribers';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const finished = new Set(['failed', 'refunded', 'cancelled', 'for_review']);

/**
 * GET /api/portal/orders/:orderId, polled every 1.5 s until the eSIM's install details arrive (or the order
 * ends without them), so the wizard's last step shows the QR code as soon as it exists.
 */
export const useOrderStatus = (orderId: string | null) =>
  useQuery({
    queryKey: ['portal', 'order-status', orderId],
    queryFn: ({ signal }) =>
      api.get<PortalOrderStatus>(`/portal/orders/${encodeURIComponent(orderId ?? '')}`, { signal }),
    enabled: Boolean(orderId),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data?.esim || (data && finished.has(data.order.status))) return false;
      return 1500;
    },
  });
