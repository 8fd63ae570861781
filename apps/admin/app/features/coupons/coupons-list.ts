/** `/coupons/all`: every coupon, defined once (STYLE "Screens that repeat"). */
import { couponKinds, couponsQuerySchema } from '@esim/contracts/staff';
import { formatPrice } from '@esim/ui/format';
import { defineList } from '@esim/ui/list/define-list';
import { defineStatuses } from '@esim/ui/status-list';
import { listCoupons } from './api/coupons';

export const couponEditPath = (id: string) => `/coupons/edit/${encodeURIComponent(id)}`;

/** Where a coupon stands now, as the server's lifecycle answers it (ADR 0092). */
export const couponState = defineStatuses('admin-coupons:coupons.states', {
  usable: 'green',
  scheduled: 'blue',
  ended: 'gray',
  campaign_not_running: 'orange',
  exhausted: 'gray',
});

export const couponsList = defineList({
  id: 'coupons',
  query: couponsQuerySchema,
  fetch: listCoupons,
  labels: 'admin-coupons:coupons',
  rowId: (coupon) => coupon.id,
  columns: (col) => [
    col.link('code', (coupon) => couponEditPath(coupon.id), { sortable: true }),
    col.custom('discount', (coupon, { locale }) =>
      coupon.kind === 'percent'
        ? `${coupon.percentOff ?? 0} %`
        : formatPrice(coupon.amountOffCents ?? 0, locale),
    ),
    col.date('startsOn', { time: false }),
    col.date('endsOn', { time: false }),
    col.custom('uses', (coupon, { t }) =>
      coupon.maxRedemptions === null
        ? String(coupon.redeemedCount)
        : t('admin-coupons:coupons.usesOf', { used: coupon.redeemedCount, max: coupon.maxRedemptions }),
    ),
    col.status('state', couponState),
    col.number('redeemedCount', { sortable: true, hidden: true }),
    col.money('minOrderCents', { hidden: true }),
    col.date('createdAt', { sortable: true }),
  ],
  filters: (filter) => [
    filter.search('q'),
    filter.select('kind', couponKinds, 'admin-coupons:coupons.kinds'),
  ],
});
