/** The clients list, defined once; the all, blocked and deleted screens are presets of it. */
import { countryCodes } from '@esim/contracts';
import { type Client, clientsQuerySchema } from '@esim/contracts/staff';
import { col, defineList, filter } from '@esim/ui/list/define-list';
import { exportClients, listClients } from './api/list-clients';

export const clientsList = defineList({
  id: 'clients',
  query: clientsQuerySchema,
  fetch: listClients,
  labels: 'admin:clients',
  rowId: (client: Client) => client.id,
  columns: [
    {
      id: 'name',
      cell: (client: Client) => `${client.firstName} ${client.lastName}`,
      opensDetail: true,
    },
    col.text<Client>('email', { sortable: true }),
    col.text<Client>('phone', { hidden: true }),
    col.text<Client>('country'),
    col.status<Client>('status', 'admin:clients.statuses'),
    col.boolean<Client>('hasActiveEsim', 'admin:clients.yesNo'),
    col.number<Client>('ordersCount'),
    col.date<Client>('createdAt', { sortable: true }),
  ],
  filters: [
    filter.search('q'),
    filter.select('status', ['active', 'blocked'], 'admin:clients.statuses'),
    filter.select('country', [...countryCodes].sort()),
    filter.select('hasActiveEsim', ['yes', 'no'], 'admin:clients.yesNo'),
    filter.dateRange('createdAt'),
  ],
  csv: exportClients,
});
