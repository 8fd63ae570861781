/** eSIMs to be freed and freed eSIMs: two lists over one endpoint, each screen pins its `status`. */
import { esimReleasesQuerySchema } from '@esim/contracts/staff';
import { defineList } from '@esim/ui/list/define-list';
import { defineStatuses } from '@esim/ui/status-list';
import { listEsimReleases } from './api/esim-releases';

export const releaseReason = defineStatuses('admin-settings:esims.reasons', {
  confirmed: 'blue',
  automatic: 'gray',
});

export const pendingEsimsList = defineList({
  id: 'esims-to-be-freed',
  query: esimReleasesQuerySchema,
  fetch: listEsimReleases,
  labels: 'admin-settings:esims.columns',
  rowId: (release) => release.id,
  columns: (col) => [
    col.text('iccid'),
    col.text('owner'),
    col.text('packageName'),
    col.date('boughtAt', { time: false }),
    col.number('unusedDays'),
    col.date('listedAt', { sortable: true }),
    col.text('lastError'),
  ],
  filters: (filter) => [filter.search('q')],
});

export const freedEsimsList = defineList({
  id: 'freed-esims',
  query: esimReleasesQuerySchema,
  fetch: listEsimReleases,
  labels: 'admin-settings:esims.columns',
  rowId: (release) => release.id,
  columns: (col) => [
    col.text('iccid'),
    col.text('owner'),
    col.text('packageName'),
    col.date('boughtAt', { time: false }),
    col.date('freedAt', { sortable: true }),
    col.status('reason', releaseReason),
    col.text('freedBy'),
  ],
  filters: (filter) => [filter.search('q')],
});
