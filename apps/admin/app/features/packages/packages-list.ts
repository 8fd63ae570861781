/** The packages lists, defined once: every package (all, reseller and add-reseller presets) and the wholesale list. */
import { packageTypes } from '@esim/contracts';
import {
  packageStates,
  resellerListings,
  staffPackagesQuerySchema,
  wholesalePackagesQuerySchema,
} from '@esim/contracts/staff';
import { formatData, formatNumber, formatPrice } from '@esim/ui/format';
import { type CellContext, defineList } from '@esim/ui/list/define-list';
import { listStaffPackages, listWholesalePackages } from './api/packages';

const dataLabel = (dataMb: number | null, { t, locale }: CellContext) =>
  dataMb === null ? t('admin-packages:packages.unlimited') : formatData(dataMb, locale);

export const packagesList = defineList({
  id: 'staff-packages',
  query: staffPackagesQuerySchema,
  fetch: listStaffPackages,
  labels: 'admin-packages:packages',
  rowId: (pkg) => pkg.id,
  columns: (col) => [
    col.text('name', { sortable: true, opensDetail: true }),
    col.custom('type', (pkg, { t }) => t(`admin-packages:packages.types.${pkg.type}`)),
    col.text('coverage'),
    col.custom('dataMb', (pkg, context) => dataLabel(pkg.dataMb, context), { sortable: true }),
    col.number('validityDays', { sortable: true }),
    col.money('priceCents', { sortable: true }),
    col.money('offerPriceCents'),
    col.boolean('popular', 'admin:yesNo'),
    col.boolean('topUpAllowed', 'admin:yesNo', { hidden: true }),
    col.boolean('active', 'admin:yesNo'),
    col.text('provider', { hidden: true }),
    col.money('wholesaleCents', { sortable: true }),
    col.custom(
      'marginCents',
      (pkg, { locale }) =>
        `${formatPrice(pkg.marginCents, locale)} (${formatNumber(pkg.marginPercent, locale)} %)`,
      { align: 'right' },
    ),
    col.money('resellerPriceCents', { hidden: true }),
    col.date('updatedAt', { sortable: true, hidden: true }),
  ],
  filters: (filter) => [
    filter.search('q'),
    filter.select('type', packageTypes, 'admin-packages:packages.types'),
    filter.select('state', packageStates, 'admin-packages:packages.states'),
    filter.select('reseller', resellerListings, 'admin-packages:packages.resellerListings'),
  ],
});

export const wholesaleList = defineList({
  id: 'wholesale-packages',
  query: wholesalePackagesQuerySchema,
  fetch: listWholesalePackages,
  labels: 'admin-packages:wholesale',
  rowId: (pkg) => pkg.code,
  columns: (col) => [
    col.text('name', { sortable: true, opensDetail: true }),
    col.text('code'),
    col.custom('type', (pkg, { t }) => t(`admin-packages:packages.types.${pkg.type}`)),
    col.text('coverage'),
    col.custom('dataMb', (pkg, context) => dataLabel(pkg.dataMb, context)),
    col.number('validityDays'),
    col.money('wholesaleCents', { sortable: true }),
    col.money('suggestedPriceCents'),
    col.boolean('listed', 'admin:yesNo'),
  ],
  filters: (filter) => [
    filter.search('q'),
    filter.select('type', packageTypes, 'admin-packages:packages.types'),
  ],
});
