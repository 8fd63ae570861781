import type { shops } from '@esim/db';

// A shop's lifecycle (ADR 0092): the one answer to "may this shop be used now?", read by the portal login, the
// portal's money routes and a purchase under the shop's lock.

/**
 * `pending_verification` until its user confirms the e-mail (or staff approve it); `active`; `suspended` by staff
 * (reactivated by staff); `deleted` (no action deletes a shop today; a row with `deleted_at` is treated as gone).
 */
export type ShopState = 'pending_verification' | 'active' | 'suspended' | 'deleted';

type ShopFields = Pick<typeof shops.$inferSelect, 'status' | 'deletedAt'>;

export const shopStateOf = (shop: ShopFields): ShopState => (shop.deletedAt ? 'deleted' : shop.status);

/**
 * - `signIn`: its users log in (the portal login; a session opened before a suspension stays, read-only: its
 *   money routes answer SHOP_NOT_ACTIVE, so the shop can still read its subscribers and statement);
 * - `trade`: buy for subscribers, refill, change eSIMs, top up credit, send deliveries.
 * A top-up already paid when staff suspend the shop is still credited: the money is the shop's, which it cannot
 * spend until it is reactivated (staff may refund it instead).
 */
export type ShopUse = 'signIn' | 'trade';

const allowed: Record<ShopState, readonly ShopUse[]> = {
  pending_verification: [],
  active: ['signIn', 'trade'],
  suspended: [],
  deleted: [],
};

export const shopMay = (shop: ShopFields | null | undefined, use: ShopUse) =>
  shop ? allowed[shopStateOf(shop)].includes(use) : false;
