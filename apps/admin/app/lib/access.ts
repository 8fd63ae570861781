/**
 * Every staff route and who may open it (SPEC section 2 "Staff dashboard routes" and section 6), as data.
 * `routes.ts` registers these screens, the dashboard layout's loader guards them and the sidebar hides
 * the links a role cannot use: change a rule here and all three follow.
 */
import { type StaffAccess, type StaffRole, staffAccessRoles, staffRoleIds, type User } from '@esim/contracts';
import { matchPath } from 'react-router';

/**
 * Who may open a screen. The names say the roles, so nobody has to remember what a guard did. The same rules
 * (from the contracts) guard the staff API routes on the server.
 */
export type Access = StaffAccess;

export const accessRoles = staffAccessRoles;

export type StaffScreen = {
  /** Stable route id; also the i18n key of the screen title (`admin:screens.<id>`). */
  id: string;
  /** React Router path (`:param` for SPEC's `{param}`). */
  path: string;
  access: Access;
  /**
   * The original marks the privacy-policy and terms routes admin-only with a misspelled flag that its guard
   * never reads, so every staff role can open them (SPEC section 6). We keep that behaviour on purpose and
   * record the flag under an honest name instead of pretending the routes are restricted.
   */
  misspelledAdminOnlyFlagIgnored?: true;
};

/** SPEC section 2, in SPEC's order. `/login` and the not-found page are not staff screens. */
export const staffScreens = [
  { id: 'dashboard', path: '/', access: 'everyStaff' },

  // Clients: editors may reach the all, blocked and deleted users routes; the shops list is admin-only.
  { id: 'clientsAllUsers', path: '/clients/all-users', access: 'adminAndEditor' },
  { id: 'clientsBlockedUsers', path: '/dashboard/all-blocked-users', access: 'adminAndEditor' },
  { id: 'clientsDeletedUsers', path: '/clients/all-deleted-users', access: 'adminAndEditor' },
  { id: 'clientsShops', path: '/clients/all-shops', access: 'adminOnly' },
  { id: 'clientsShop', path: '/clients/all-shops/:shopId', access: 'adminOnly' },

  { id: 'staffCreateUser', path: '/staff/create-user', access: 'adminOnly' },
  { id: 'staffCreateShop', path: '/staff/create-shop', access: 'adminOnly' },
  { id: 'staffManageRoles', path: '/staff/manage-roles', access: 'adminOnly' },
  { id: 'staffManageShops', path: '/staff/manage-shops', access: 'adminOnly' },
  { id: 'staffManageBusinesses', path: '/staff/manage-businesses', access: 'adminOnly' },

  { id: 'businessOrders', path: '/business/orders', access: 'adminOnly' },
  { id: 'ordersAll', path: '/orders/all', access: 'adminOnly' },
  { id: 'ordersForReview', path: '/orders/for-review', access: 'adminOnly' },
  { id: 'ordersGiftCards', path: '/orders/gift-cards', access: 'adminOnly' },
  { id: 'ordersFailedTransactions', path: '/orders/failed-transactions', access: 'adminOnly' },
  { id: 'ordersGiftEsims', path: '/orders/gifts-esims', access: 'adminOnly' },
  { id: 'ordersAdminOrders', path: '/orders/admin-orders', access: 'adminOnly' },
  { id: 'ordersAnalytics', path: '/orders/analytics', access: 'adminOnly' },

  { id: 'refundsAll', path: '/refunds/all', access: 'adminOnly' },
  { id: 'refundsFullClient', path: '/refunds/full-client', access: 'adminOnly' },
  { id: 'refundsClientAllPackagesDeleted', path: '/refunds/client-all-package-deleted', access: 'adminOnly' },
  { id: 'refundsDeletedPackages', path: '/refunds/deleted-packages', access: 'adminOnly' },
  { id: 'refundsChangedEsims', path: '/refunds/changed-esims', access: 'adminOnly' },
  { id: 'refundsFailed', path: '/refunds/failed-refunds', access: 'adminOnly' },

  // Analytics sees the campaigns list; the screens it leads to stay with it (SPEC is silent on them).
  { id: 'campaignsAll', path: '/campaigns/all', access: 'adminAndAnalytics' },
  { id: 'campaignsCreate', path: '/campaigns/create', access: 'adminAndAnalytics' },
  { id: 'campaignLanguages', path: '/campaigns/languages/:id', access: 'adminAndAnalytics' },
  { id: 'campaignOrders', path: '/campaigns/orders/:id', access: 'adminAndAnalytics' },
  { id: 'campaignEdit', path: '/campaigns/edit/:id', access: 'adminAndAnalytics' },

  { id: 'couponsAll', path: '/coupons/all', access: 'adminOnly' },
  { id: 'couponsCreate', path: '/coupons/create', access: 'adminOnly' },
  { id: 'couponEdit', path: '/coupons/edit/:id', access: 'adminOnly' },

  { id: 'packagesGlobal', path: '/global-packages/all', access: 'adminAndAnalytics' },
  { id: 'packagesReseller', path: '/global-packages/reseller-packages', access: 'adminAndAnalytics' },
  { id: 'packagesAdd', path: '/global-packages/add', access: 'adminAndAnalytics' },
  { id: 'packagesAddReseller', path: '/global-packages/add-reseller-packages', access: 'adminAndAnalytics' },
  { id: 'packagesPopular', path: '/global-packages/popular-packages', access: 'adminAndAnalytics' },
  { id: 'packagesOffers', path: '/global-packages/offers-packages', access: 'adminAndAnalytics' },

  { id: 'seoCountries', path: '/seo/countries', access: 'adminAndAnalytics' },
  { id: 'seoRegions', path: '/seo/regions', access: 'adminAndAnalytics' },
  { id: 'seoGlobalPackages', path: '/seo/global-packages', access: 'adminAndAnalytics' },
  { id: 'seoBlogs', path: '/seo/blogs', access: 'adminAndAnalytics' },
  { id: 'seoBlogCreate', path: '/seo/blogs/create', access: 'adminAndAnalytics' },
  { id: 'seoBlogEdit', path: '/seo/blogs/edit/:id', access: 'adminAndAnalytics' },

  { id: 'sendNotification', path: '/mobile/send-notification', access: 'adminAndAnalytics' },

  { id: 'financeShopReports', path: '/finance/raporte-shop', access: 'adminOnly' },
  { id: 'financeShopReport', path: '/finance/raporte-shop/:shopId', access: 'adminOnly' },

  { id: 'statisticPackages', path: '/statistic/global-packages', access: 'adminAndAnalytics' },
  { id: 'statisticPackage', path: '/statistic/global-packages/:displayName', access: 'adminAndAnalytics' },
  {
    id: 'statisticPackageUsers',
    path: '/statistic/global-packages/users/:globalPakoId/:pakoName',
    access: 'adminAndAnalytics',
  },
  { id: 'statisticCountries', path: '/statistic/countries', access: 'adminAndAnalytics' },
  { id: 'statisticTraffic', path: '/statistic/traffic', access: 'adminAndAnalytics' },
  { id: 'statisticTrafficSources', path: '/statistic/traffic/sources', access: 'adminAndAnalytics' },
  {
    id: 'statisticTrafficSource',
    path: '/statistic/traffic/source/:sourceName',
    access: 'adminAndAnalytics',
  },
  {
    id: 'statisticPackagesByCountry',
    path: '/statistic/packages-bought-from-countries',
    access: 'adminAndAnalytics',
  },
  { id: 'statisticUsersByCountry', path: '/statistic/users-by-country', access: 'adminAndAnalytics' },

  { id: 'settings', path: '/settings', access: 'adminOnly' },
  { id: 'settingsGeneral', path: '/settings/general-options', access: 'adminOnly' },
  { id: 'settingsEsimsToBeFreed', path: '/settings/esims-to-be-free', access: 'adminOnly' },
  { id: 'settingsFreedEsims', path: '/settings/freed-esims', access: 'adminOnly' },
  {
    id: 'settingsPrivacyPolicy',
    path: '/settings/privacy-policy',
    access: 'everyStaff',
    misspelledAdminOnlyFlagIgnored: true,
  },
  {
    id: 'settingsTerms',
    path: '/settings/terms-and-conditions',
    access: 'everyStaff',
    misspelledAdminOnlyFlagIgnored: true,
  },

  { id: 'facebookTotal', path: '/facebook/ads/total', access: 'adminAndAnalytics' },
  // Editors see this one Facebook link, so they may open it; analytics sees every Facebook link but this.
  { id: 'facebookCampaigns', path: '/facebook/ads/campaigns', access: 'adminAndEditor' },
  { id: 'facebookInsights', path: '/facebook/ads/insights', access: 'adminAndAnalytics' },
  { id: 'facebookOrders', path: '/facebook/ads/orders', access: 'adminAndAnalytics' },

  { id: 'profile', path: '/profile', access: 'everyStaff' },
  { id: 'changePassword', path: '/change-password', access: 'everyStaff' },
] as const satisfies readonly StaffScreen[];

export type StaffScreenId = (typeof staffScreens)[number]['id'];

/** The role the route guard sees: it checks the role *name* (SPEC section 6). */
export const getGuardRole = (user: Pick<User, 'role'> | null): StaffRole | null => user?.role?.name ?? null;

/**
 * The role the sidebar sees: it checks `role_id` 1 for admin (SPEC section 6) and the role name otherwise,
 * so a user whose role_id and role name disagree sees admin links the guard will refuse.
 */
export const getSidebarRole = (user: Pick<User, 'role' | 'role_id'> | null): StaffRole | null => {
  if (!user) return null;
  if (user.role_id === staffRoleIds.admin) return 'admin';
  return user.role?.name ?? null;
};

export const isAllowed = (access: Access, role: StaffRole | null): boolean =>
  role !== null && accessRoles[access].includes(role);

/** The staff screen a pathname opens, or undefined (the not-found page). Static segments win over params. */
export const findStaffScreen = (pathname: string): StaffScreen | undefined => {
  const matches: StaffScreen[] = staffScreens.filter((screen) => matchPath(screen.path, pathname) !== null);
  return matches.sort((a, b) => countParams(a.path) - countParams(b.path))[0];
};

const countParams = (path: string) => path.split('/').filter((segment) => segment.startsWith(':')).length;

export const getStaffScreen = (id: StaffScreenId): StaffScreen => {
  const screen = staffScreens.find((candidate) => candidate.id === id);
  if (!screen) throw new Error(`Unknown staff screen ${id}`);
  return screen;
};

export type GuardDecision = { kind: 'allow' } | { kind: 'home' } | { kind: 'notFound' };

/** The route guard: staff screens the user's role may not open send it home (SPEC section 6). */
export const decideAccess = (pathname: string, user: Pick<User, 'role'> | null): GuardDecision => {
  const screen = findStaffScreen(pathname);
  if (!screen) return { kind: 'notFound' };
  return isAllowed(screen.access, getGuardRole(user)) ? { kind: 'allow' } : { kind: 'home' };
};
