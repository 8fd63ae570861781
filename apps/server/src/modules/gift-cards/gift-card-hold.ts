import type { UserRow } from '../auth/auth.repository';
import { customerMay } from '../auth/customer-lifecycle';

/**
 * Whether a paid, undelivered gift card waits (ADR 0092): its buyer's account may not have gift cards delivered
 * (blocked) and staff have not released it. Unblocking the buyer lets it go on its day (at once when the day has
 * passed); a guest purchase (no account) is never held. The delivery job's list (`listDueGiftCardIds`) and the
 * staff list's state write the same rule in SQL; this is the answer the delivery itself checks under the card's
 * lock.
 */
export const isGiftCardHeld = (
  card: { holdReleasedAt: Date | null },
  buyer: Pick<UserRow, 'status' | 'deletedAt' | 'email'> | null,
) => buyer !== null && !customerMay(buyer, 'deliverGiftCards') && card.holdReleasedAt === null;
