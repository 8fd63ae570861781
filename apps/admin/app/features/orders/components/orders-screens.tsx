import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { allOrdersList } from '../all-orders-list';
import { reviewOrdersList } from '../review-orders-list';
import { OrderDetail, type OrderExtra } from './order-detail';

/** The drawer every order list opens: the order's page at `?order=<id>`, with its actions. */
export const useOrderDrawer = (extra?: OrderExtra) => {
  const { t } = useTranslation(['admin-orders', 'admin']);
  return {
    param: 'order',
    title: t('orderScreens.detail.title'),
    render: (id: string) => <OrderDetail orderId={id} extra={extra} />,
  };
};

/** All orders (issue 31): every kind, filtered, sorted, saved as views, exported as CSV. */
export const AllOrdersScreen = ({ orderExtra }: { orderExtra?: OrderExtra }) => (
  <ListScreen list={allOrdersList} title="screens.ordersAll" detail={useOrderDrawer(orderExtra)} />
);

/** Orders in review (ADR 0034): why each is there; approve or cancel in its drawer. */
export const ReviewOrdersScreen = ({ orderExtra }: { orderExtra?: OrderExtra }) => (
  <ListScreen list={reviewOrdersList} title="screens.ordersForReview" detail={useOrderDrawer(orderExtra)} />
);
