import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { type StaffScreenId, staffScreens } from './lib/access';

/**
 * Screens with their own module; every other staff screen shows its title and an empty state until the
 * issue that builds it gives it a file here. Paths and role rules come from app/lib/access.ts.
 */
const screenModules: Partial<Record<StaffScreenId, string>> = {
  dashboard: 'routes/dashboard.tsx',
  profile: 'routes/profile.tsx',
  changePassword: 'routes/change-password.tsx',
  ordersFailedTransactions: 'routes/orders/failed-transactions.tsx',
  ordersAll: 'routes/orders/all.tsx',
  ordersForReview: 'routes/orders/for-review.tsx',
  ordersGiftCards: 'routes/orders/gift-cards.tsx',
  ordersAnalytics: 'routes/orders/analytics.tsx',
  statisticCountries: 'routes/statistic/countries.tsx',
  statisticTraffic: 'routes/statistic/traffic.tsx',
  statisticTrafficSources: 'routes/statistic/traffic-sources.tsx',
  statisticTrafficSource: 'routes/statistic/traffic-source.tsx',
  statisticUsersByCountry: 'routes/statistic/users-by-country.tsx',
  refundsAll: 'routes/refunds/all.tsx',
  refundsFullClient: 'routes/refunds/full-client.tsx',
  refundsClientAllPackagesDeleted: 'routes/refunds/client-all-package-deleted.tsx',
  refundsDeletedPackages: 'routes/refunds/deleted-packages.tsx',
  refundsChangedEsims: 'routes/refunds/changed-esims.tsx',
  refundsFailed: 'routes/refunds/failed-refunds.tsx',
  ordersAdminOrders: 'routes/orders/admin-orders.tsx',
  ordersGiftEsims: 'routes/orders/gifts-esims.tsx',
  clientsAllUsers: 'routes/clients/all-users.tsx',
  clientsBlockedUsers: 'routes/clients/blocked-users.tsx',
  clientsDeletedUsers: 'routes/clients/deleted-users.tsx',
  staffCreateUser: 'routes/staff/create-user.tsx',
  staffManageRoles: 'routes/staff/manage-roles.tsx',
  clientsShops: 'routes/shops/all-shops.tsx',
  clientsShop: 'routes/shops/shop.tsx',
  staffManageShops: 'routes/shops/manage-shops.tsx',
  staffCreateShop: 'routes/shops/create-shop.tsx',
  staffManageBusinesses: 'routes/businesses/manage-businesses.tsx',
  businessOrders: 'routes/businesses/business-orders.tsx',
  financeShopReports: 'routes/finance/shop-reports.tsx',
  financeShopReport: 'routes/finance/shop-report.tsx',
};

export default [
  layout('routes/guest-layout.tsx', [
    route('login', 'routes/login.tsx'),
    // The link of a staff invitation (issue 12).
    route('set-password', 'routes/set-password.tsx'),
  ]),
  layout(
    'routes/dashboard-layout.tsx',
    staffScreens.map((screen) => {
      const file = screenModules[screen.id] ?? 'routes/screen-placeholder.tsx';
      return screen.path === '/'
        ? index(file, { id: screen.id })
        : route(screen.path.slice(1), file, { id: screen.id });
    }),
  ),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
