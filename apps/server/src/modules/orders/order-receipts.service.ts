import type { OrderReceipt, OrderRefund } from '@esim/contracts';
import { esimAllows } from '@esim/contracts/esim-lifecycle';
import type { Db } from '@esim/db';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { OrderEvents } from '../../lib/order-events';
import { getEsimForOrder } from '../esims/esims.repository';
import { toEsimInstall } from '../esims/qr-code';
import { getGiftEsim } from '../gift-esims/gift-esims.repository';
import { listRefundsOfOrder, type RefundRow } from '../refunds/refunds.repository';
import { verifyViewToken } from './order-view-tokens';
import { getOrder, packageNameOf } from './orders.repository';

type ReceiptDeps = { db: Db; config: Pick<Config, 'jwtSecret'> };

/** A refund as the buyer sees it (receipt, order list). */
export const toOrderRefund = (refund: RefundRow): OrderRefund => ({
  kind: refund.kind,
  amountCents: refund.amountCents,
  status: refund.status,
  createdAt: refund.createdAt.toISOString(),
});

/** What the success page polls: the order and, once fulfilled, how to install its eSIM. */
export const getReceipt = async (deps: ReceiptDeps, orderId: string, viewToken: string | undefined) => {
  await verifyViewToken(deps, viewToken, orderId);
  const order = await getOrder(deps.db, orderId);
  if (!order) throw new AppError('NOT_FOUND');
  // A top-up brings no new eSIM; a new eSIM or a change shows the eSIM this order created. A gift's eSIM is its
  // recipient's: the buyer learns where it went, not its QR code.
  const gift = order.kind === 'gift_esim' ? await getGiftEsim(deps.db, order.id) : undefined;
  const found =
    order.fulfilmentStatus === 'completed' && order.kind !== 'topup' && !gift
      ? await getEsimForOrder(deps.db, order.id)
      : undefined;
  // A profile that ended since (freed or cancelled, ADR 0091) has no QR code to hand out any more.
  const esim = found && esimAllows(found.status, 'install') ? found : undefined;
  const receipt: OrderReceipt = {
    orderId: order.id,
    number: order.number,
    kind:
      order.kind === 'topup' || order.kind === 'change_esim' || order.kind === 'gift_esim'
        ? order.kind
        : 'esim',
    status: order.status,
    fulfilmentStatus: order.fulfilmentStatus,
    packageName: packageNameOf(order),
    totalCents: order.totalCents,
    currency: 'EUR',
    email: gift?.recipientEmail ?? order.buyerEmail,
    esim: esim ? await toEsimInstall(esim) : null,
    refunds: (await listRefundsOfOrder(deps.db, order.id)).map(toOrderRefund),
  };
  return receipt;
};

/**
 * The receipt, held up to `waitMs` while the order is paid and its eSIM on the way, and answered as soon as the
 * order finishes. The wait is registered before the order is read, so a completion in between is not missed.
 */
export const waitForReceipt = async (
  deps: ReceiptDeps & { orderEvents: Pick<OrderEvents, 'waitFor'> },
  orderId: string,
  viewToken: string | undefined,
  waitMs: number,
  signal?: AbortSignal,
) => {
  const wait = waitMs > 0 ? deps.orderEvents.waitFor(orderId, waitMs, signal) : null;
  try {
    const receipt = await getReceipt(deps, orderId, viewToken);
    if (!wait || receipt.fulfilmentStatus !== 'paid') return receipt;
    await wait.promise;
    return await getReceipt(deps, orderId, viewToken);
  } finally {
    wait?.cancel();
  }
};
