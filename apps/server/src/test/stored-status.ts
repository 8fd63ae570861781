import type { OrderStatus } from '@esim/contracts';

/**
 * The stored columns that show `status`, for tests that write orders directly: the database derives the status
 * from the lifecycle and the succeeded refunds' sum (ADR 0090). `refundedOf` is that sum for a refunded order
 * (its total, or an expression over its row); a partly refunded one gets one cent back.
 */
export const storedAs = <T>(status: OrderStatus, refundedOf: T) =>
  status === 'refunded'
    ? { fulfilmentStatus: 'completed' as const, refundedCents: refundedOf }
    : status === 'partially_refunded'
      ? { fulfilmentStatus: 'completed' as const, refundedCents: 1 }
      : { fulfilmentStatus: status, refundedCents: 0 };
