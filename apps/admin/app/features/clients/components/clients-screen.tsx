import type { ClientStatus } from '@esim/contracts/staff';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { clientsList } from '../clients-list';
import { ClientDetail } from './client-detail';

/**
 * The clients list with one status pinned (blocked, deleted) or none (all users); a client opens beside it, with
 * what the route adds from another area (`detailExtra`: the client refund).
 */
export const ClientsScreen = ({
  title,
  status,
  detailExtra,
}: {
  title: string;
  status?: Exclude<ClientStatus, 'active'>;
  detailExtra?: (clientId: string) => ReactNode;
}) => {
  const { t } = useTranslation(['admin-clients', 'admin']);
  return (
    <ListScreen
      list={clientsList}
      title={title}
      {...(status ? { fixed: { status } } : {})}
      detail={{
        param: 'client',
        title: t('clients.detailTitle'),
        render: (id) => <ClientDetail clientId={id} extra={detailExtra?.(id)} />,
      }}
    />
  );
};
