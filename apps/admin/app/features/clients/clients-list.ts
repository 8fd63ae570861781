/** The clients list, defined once; the all, blocked and deleted screens are presets of it. */
import { countryCodes } from '@esim/contracts';
import { clientsQuerySchema } from '@esim/contracts/staff';
import { defineList } from '@esim/ui/list/define-list';
import { defineStatuses } from '@esim/ui/status-list';
import { exportClients, listClients } from './api/list-clients';

/** A client's status in words and colour: list cell, filter, detail badge and history. */
export const clientStatus = defineStatuses('admin-clients:clients.statuses', {
  active: 'green',
  blocked: 'orange',
  deleted: 'red',
});

export const clientsList = defineList({
  id: 'clients',
  query: clientsQuerySchema,
  fetch: listClients,
  labels: 'admin-clients:clients',
  rowId: (client) => client.id,
  columns: (col) => [
    col.custom('name', (client) => `${client.firstName} ${client.lastName}`, { opensDetail: true }),
    col.text('email', { sortable: true }),
    col.text('phone', { hidden: true }),
    col.text('country'),
    col.status('status', clientStatus),
    col.boolean('hasActiveEsim', 'admin:yesNo'),
    col.number('ordersCount'),
    col.date('createdAt', { sortable: true }),
  ],
  filters: (filter) => [
    filter.search('q'),
    filter.select('status', ['active', 'blocked'], clientStatus.labels),
    filter.select('country', [...countryCodes].sort()),
    filter.select('hasActiveEsim', ['yes', 'no'], 'admin:yesNo'),
    filter.dateRange('createdAt'),
  ],
  csv: exportClients,
});
