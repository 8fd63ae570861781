import { esimAllows } from '@esim/contracts/esim-lifecycle';
import { type Db, esims, orders, payments } from '@esim/db';
import { and, desc, eq, exists, gt, inArray, ne, sql } from 'drizzle-orm';
import type { OrderRow } from './orders.repository';

/**
 * Orders that act on something that exists once (issue 13, "one intent bought as two orders"): a change of an
 * eSIM replaces that eSIM, so two changes of it would leave two new eSIMs, one of them empty; a top-up needs
 * its eSIM to still work. A second such order is refused while the first is open, and one paid anyway is
 * refunded instead of fulfilled.
 */

/** Longest a checkout stays payable (sandbox 30 min, Stripe at most 41 min), with a margin. */
const checkoutLifetimeMinutes = 45;

/**
 * Why a new change of this eSIM may not start: another change is paid (being fulfilled, or under review), or
 * one awaits payment on a checkout that can still be paid. An abandoned change stops blocking once its
 * checkout can no longer be paid.
 */
export const findEsimChangeBlocker = async (
  db: Db,
  esimId: string,
  exceptOrderId?: string,
): Promise<'ESIM_CHANGE_IN_PROGRESS' | 'ESIM_CHANGE_PENDING' | null> => {
  const openCheckout = exists(
    db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, orders.id),
          eq(payments.status, 'pending'),
          gt(payments.createdAt, sql`now() - make_interval(mins => ${checkoutLifetimeMinutes})`),
        ),
      ),
  );
  const rows = await db
    .select({ status: orders.fulfilmentStatus })
    .from(orders)
    .where(
      and(
        eq(orders.kind, 'change_esim'),
        eq(orders.targetEsimId, esimId),
        exceptOrderId ? ne(orders.id, exceptOrderId) : undefined,
        sql`(${inArray(orders.fulfilmentStatus, ['paid', 'for_review'])} or (${orders.fulfilmentStatus} = 'pending' and ${openCheckout}))`,
      ),
    )
    .orderBy(desc(orders.createdAt));
  if (rows.some((row) => row.status !== 'pending')) return 'ESIM_CHANGE_IN_PROGRESS';
  return rows.length > 0 ? 'ESIM_CHANGE_PENDING' : null;
};

/**
 * Checked when a payment makes an order paid, inside that transaction: the reason this order may not be
 * fulfilled, or null. The eSIM row is locked first, so two changes of one eSIM paid at the same moment are
 * decided one after the other and exactly one of them goes ahead.
 */
export const findPaidOrderConflict = async (db: Db, order: OrderRow): Promise<string | null> => {
  if ((order.kind !== 'change_esim' && order.kind !== 'topup') || !order.targetEsimId) return null;
  const [esim] = await db
    .select({ status: esims.status })
    .from(esims)
    .where(eq(esims.id, order.targetEsimId))
    .for('update')
    .limit(1);
  if (!esim || !esimAllows(esim.status, order.kind === 'topup' ? 'topUp' : 'change'))
    return order.kind === 'topup'
      ? `the eSIM to top up no longer works (${esim?.status ?? 'missing'})`
      : 'the eSIM was already changed or no longer works';
  if (order.kind === 'topup') return null;
  const [other] = await db
    .select({ number: orders.number })
    .from(orders)
    .where(
      and(
        eq(orders.kind, 'change_esim'),
        eq(orders.targetEsimId, order.targetEsimId),
        ne(orders.id, order.id),
        inArray(orders.fulfilmentStatus, ['paid', 'for_review', 'completed']),
      ),
    )
    .limit(1);
  return other ? `a change of this eSIM was already paid (order ${other.number})` : null;
};
