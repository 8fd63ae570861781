/**
 * An eSIM's and its packages' states as every staff screen shows them (a client's eSIMs, an order's), one label
 * and colour each (`admin:esimStatuses`, `admin:esimPackageStatuses`); what each state allows is ADR 0091's table.
 */
import type { EsimPackageStatus, EsimStatus } from '@esim/contracts/esim-lifecycle';
import { defineStatuses, type StatusTone } from '@esim/ui/status-list';

const esimTones: Record<EsimStatus, StatusTone> = {
  ready: 'blue',
  installed: 'green',
  disabled: 'gray',
  freed: 'orange',
  cancelled: 'red',
};
export const esimStatus = defineStatuses('admin:esimStatuses', esimTones);

const packageTones: Record<EsimPackageStatus, StatusTone> = {
  active: 'green',
  queued: 'blue',
  depleted: 'gray',
  expired: 'gray',
  moved: 'gray',
  deleted: 'red',
};
export const esimPackageStatus = defineStatuses('admin:esimPackageStatuses', packageTones);
