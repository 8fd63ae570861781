import { Paper } from '@mantine/core';
import { ListScreen } from '../../../components/list-screen';
import { adminOrdersList } from '../admin-orders-list';
import { CreateAdminOrderForm } from './create-admin-order-form';

/** The form that creates an admin order, above the list of those made (with who made each and why). */
export const AdminOrdersScreen = () => (
  <ListScreen
    list={adminOrdersList}
    title="screens.ordersAdminOrders"
    before={
      <Paper withBorder p="md" mb="lg" radius="md">
        <CreateAdminOrderForm />
      </Paper>
    }
  />
);
