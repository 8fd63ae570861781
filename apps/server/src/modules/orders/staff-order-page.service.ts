import type { StaffOrderPage } from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import { AppError } from '../../lib/app-error';
import { giftCardCentsOfOrder } from '../gift-cards/gift-cards.repository';
import { buildTimeline } from '../order-timeline/order-timeline';
import { listOrderEvents } from '../order-timeline/order-timeline.repository';
import { listRefundsOfOrder } from '../refunds/refunds.repository';
import { confirmationMailId } from './fulfilment.service';
import { packageNameOf } from './orders.repository';
import {
  getOrderForStaff,
  listEsimsOfOrder,
  listOutboxMessagesOfOrder,
  listPackagesOfEsims,
  listPaymentsOfOrder,
} from './staff-order-page.repository';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** One order as the staff order page shows it (issue 31); NOT_FOUND for an unknown id. */
export const getStaffOrderPage = async (deps: { db: Db }, orderId: string): Promise<StaffOrderPage> => {
  const found = await getOrderForStaff(deps.db, orderId);
  if (!found) throw new AppError('NOT_FOUND');
  const { order, shopName } = found;
  const [payments, esims, refunds, events, outboxMessages, giftCardCents] = await Promise.all([
    listPaymentsOfOrder(deps.db, order.id),
    listEsimsOfOrder(deps.db, order),
    listRefundsOfOrder(deps.db, order.id),
    listOrderEvents(deps.db, order.id),
    listOutboxMessagesOfOrder(deps.db, order, confirmationMailId(order.id)),
    giftCardCentsOfOrder(deps.db, order.id),
  ]);
  const packages = await listPackagesOfEsims(
    deps.db,
    esims.map((e) => e.id),
  );
  const messageSources = outboxMessages.filter((m) => m.channel !== 'push');
  const timeline = buildTimeline(events, {
    order,
    payments,
    refunds,
    messages: messageSources,
  });
  // Messages: those on the timeline (recorded, or found in the outbox for the time before it), newest first.
  const outboxStatus = new Map(messageSources.map((m) => [m.createdAt.toISOString(), m.status]));
  const messages = timeline.flatMap((e) =>
    e.kind === 'message_sent'
      ? [{ ...e.detail, at: e.at, status: e.id === null ? (outboxStatus.get(e.at) ?? null) : null }]
      : [],
  );
  return {
    id: order.id,
    number: order.number,
    kind: order.kind,
    status: order.status,
    paymentMethod: order.paymentMethod,
    createdAt: order.createdAt.toISOString(),
    paidAt: iso(order.paidAt),
    completedAt: iso(order.completedAt),
    failedAt: iso(order.failedAt),
    failureReason: order.failureReason,
    reviewReason: order.reviewReason,
    fulfilmentAttempts: order.fulfilmentAttempts,
    locale: order.locale,
    shop: order.shopId ? { id: order.shopId, name: shopName ?? '' } : null,
    attribution: {
      utmSource: order.utmSource,
      utmCampaign: order.utmCampaign,
      landingPage: order.landingPage,
      businessId: order.businessId,
    },
    buyer: {
      userId: order.userId,
      subscriberId: order.subscriberId,
      name: order.buyerName,
      email: order.buyerEmail,
      phone: order.buyerPhone,
      country: order.country,
    },
    lines: [
      {
        description: packageNameOf(order),
        quantity: 1,
        unitCents: order.subtotalCents,
        totalCents: order.subtotalCents,
      },
    ],
    price: {
      currency: order.currency,
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      totalCents: order.totalCents,
      bonusCents: order.bonusCents,
      giftCardCents,
    },
    payments: payments.map((p) => ({
      id: p.id,
      provider: p.provider,
      status: p.status,
      amountCents: p.amountCents,
      failureReason: p.failureReason,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    })),
    esims: esims.map((e) => ({
      id: e.id,
      iccid: e.iccid,
      status: e.status,
      role: e.orderId === order.id ? ('sold' as const) : ('target' as const),
      installCount: e.installCount,
      createdAt: e.createdAt.toISOString(),
      endedAt: iso(e.endedAt),
      packages: packages
        .filter((p) => p.esimId === e.id)
        .map((p) => ({
          id: p.id,
          orderId: p.orderId,
          name: String(p.snapshot.name ?? ''),
          status: p.status,
          dataMb: p.dataMb,
          dataUsedMb: p.dataUsedMb,
          validityDays: p.validityDays,
          activatedAt: iso(p.activatedAt),
          expiresAt: iso(p.expiresAt),
          usageUpdatedAt: iso(p.usageUpdatedAt),
        })),
    })),
    messages,
    refunds: refunds.map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      amountCents: r.amountCents,
      errorCode: r.errorCode,
      error: r.error,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    timeline,
  };
};
