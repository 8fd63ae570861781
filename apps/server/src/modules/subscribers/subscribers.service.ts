import type { Subscriber, SubscribersQuery } from '@esim/contracts/portal';
import type { SubscriberDetail } from '@esim/contracts/portal-subscribers';
import type { Db } from '@esim/db';
import { AppError } from '../../lib/app-error';
import { toPaged } from '../../lib/list-query';
import { listSubscriberEsims } from '../esims/esims.repository';
import { toCustomerEsims } from '../esims/esims.service';
import { getSubscriber, listDeliveries, listSubscribers, type SubscriberRow } from './subscribers.repository';

const toSubscriber = (row: SubscriberRow): Subscriber => ({
  id: row.id,
  name: row.name,
  lastname: row.lastname,
  email: row.email,
  country: row.country,
  createdAt: row.createdAt.toISOString(),
});

/** One page of a shop's subscribers (the wizard's "pick an existing subscriber" and the subscribers screen). */
export const listShopSubscribers = async (deps: { db: Db }, shopId: string, query: SubscribersQuery) => {
  const { total, rows } = await listSubscribers(deps.db, { shopId, q: query.q }, query);
  return toPaged(
    query,
    total,
    rows.map((row) => toSubscriber(row.subscriber)),
  );
};

/**
 * One of the shop's subscribers with their eSIMs (current package, data left) and every delivery of one of them
 * (channel, recipient, when, by whom); another shop's subscriber is 404.
 */
export const getSubscriberDetail = async (
  deps: { db: Db },
  shopId: string,
  subscriberId: string,
): Promise<SubscriberDetail> => {
  const subscriber = await getSubscriber(deps.db, shopId, subscriberId);
  if (!subscriber) throw new AppError('NOT_FOUND');
  const [esimRows, deliveries] = await Promise.all([
    listSubscriberEsims(deps.db, shopId, subscriberId),
    listDeliveries(deps.db, shopId, subscriberId),
  ]);
  return {
    subscriber: toSubscriber(subscriber),
    esims: await toCustomerEsims(deps.db, esimRows),
    deliveries: deliveries.map((row) => ({
      id: row.delivery.id,
      esimId: row.delivery.esimId,
      iccid: row.iccid,
      channel: row.delivery.channel,
      recipient: row.delivery.recipient,
      byName: `${row.firstName} ${row.lastName}`.trim(),
      createdAt: row.delivery.createdAt.toISOString(),
    })),
  };
};
