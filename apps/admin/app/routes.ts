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
  sendNotification: 'routes/mobile/send-notification.tsx',
  financeShopReport: 'routes/finance/shop-report.tsx',
  facebookTotal: 'routes/facebook/total.tsx',
  facebookCampaigns: 'routes/facebook/campaigns.tsx',
  facebookInsights: 'routes/facebook/insights.tsx',
  facebookOrders: 'routes/facebook/orders.tsx',
  settings: 'routes/settings/index.tsx',
  settingsGeneral: 'routes/settings/general-options.tsx',
  settingsEsimsToBeFreed: 'routes/settings/esims-to-be-free.tsx',
  settingsFreedEsims: 'routes/settings/freed-esims.tsx',
  settingsPrivacyPolicy: 'routes/settings/privacy-policy.tsx',
  settingsTerms: 'routes/settings/terms-and-conditions.tsx',
  seoCountries: 'routes/seo/countries.tsx',
  seoRegions: 'routes/seo/regions.tsx',
  seoGlobalPackages: 'routes/seo/global-packages.tsx',
  seoBlogs: 'routes/seo/blogs.tsx',
  seoBlogCreate: 'routes/seo/blog-create.tsx',
  seoBlogEdit: 'routes/seo/blog-edit.tsx',
  statisticPackages: 'routes/statistic/global-packages.tsx',
  statisticPackage: 'routes/statistic/global-package.tsx',
  statisticPackageUsers: 'routes/statistic/package-users.tsx',
  statisticPackagesByCountry: 'routes/statistic/packages-bought-from-countries.tsx',
  couponsAll: 'routes/coupons/all.tsx',
  couponsCreate: 'routes/coupons/create.tsx',
  couponEdit: 'routes/coupons/edit.tsx',
  campaignsAll: 'routes/campaigns/all.tsx',
  campaignsCreate: 'routes/campaigns/create.tsx',
  campaignEdit: 'routes/campaigns/edit.tsx',
  campaignLanguages: 'routes/campaigns/languages.tsx',
  campaignOrders: 'routes/campaigns/orders.tsx',
  packagesGlobal: 'routes/packages/all.tsx',
  packagesAdd: 'routes/packages/add.tsx',
  packagesPopular: 'routes/packages/popular-packages.tsx',
  packagesOffers: 'routes/packages/offers-packages.tsx',
  packagesReseller: 'routes/packages/reseller-packages.tsx',
  packagesAddReseller: 'routes/packages/add-reseller-packages.tsx',
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
