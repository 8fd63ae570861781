import type { Subscriber, SubscribersQuery } from '@esim/contracts';
import type { Db } from '@esim/db';
import { toPaged } from '../../lib/list-query';
import { listSubscribers, type SubscriberRow } from './subscribers.repository';

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
  return toPaged(query, total, rows.map(toSubscriber));
};
