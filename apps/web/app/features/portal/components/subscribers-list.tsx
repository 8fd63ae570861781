import '../../../styles/list-styles';
import { subscribersQuerySchema } from '@esim/contracts/portal';
import { defineList } from '@esim/ui/list/define-list';
import { ListView } from '@esim/ui/list/list-view';
import { getSubscribers } from '../api/get-subscribers';
import { subscriberPath } from '../format';

const countryName = (code: string, locale: string) => {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};

/** The shop's subscribers: search by name, e-mail or ICCID, newest first, paged; the name opens their page. */
export const subscribersList = defineList({
  id: 'portal-subscribers',
  query: subscribersQuerySchema,
  fetch: (query, signal) => getSubscribers(query, signal),
  labels: 'portal:subscribers.list',
  columns: (col) => [
    col.link('name', (s) => subscriberPath(s.id), { cell: (s) => `${s.name} ${s.lastname}` }),
    col.text('email'),
    col.custom('country', (s, { locale }) => countryName(s.country, locale)),
    col.date('createdAt', { time: false }),
  ],
  filters: (filter) => [filter.search('q')],
  rowId: (s) => s.id,
});

export const SubscribersList = () => <ListView list={subscribersList} />;
