/**
 * The sidebar of SPEC "Dashboard layout": a Home link, then collapsible groups in SPEC's order.
 * Who sees a link follows the access of the screen it opens (app/lib/access.ts), judged with the sidebar's
 * role (role_id 1 is admin); only Home has its own rule.
 */
import type { StaffRole, User } from '@esim/contracts';
import { type Access, getSidebarRole, getStaffScreen, isAllowed, type StaffScreenId } from './access';

export type NavLinkItem = {
  /** i18n key under `admin:nav.links`. */
  labelKey: string;
  screen: StaffScreenId;
  /** Overrides the screen's access for showing the link (Home is hidden for editor and analytics). */
  sidebarAccess?: Access;
};

export type NavGroup = {
  /** i18n key under `admin:nav.groups`; also the group's test id. */
  key: string;
  links: readonly NavLinkItem[];
};

export type NavEntry = { kind: 'link'; link: NavLinkItem } | { kind: 'group'; group: NavGroup };

export const navigation: readonly NavEntry[] = [
  { kind: 'link', link: { labelKey: 'home', screen: 'dashboard', sidebarAccess: 'adminOnly' } },
  {
    kind: 'group',
    group: {
      key: 'staff',
      links: [
        { labelKey: 'createUser', screen: 'staffCreateUser' },
        { labelKey: 'createShop', screen: 'staffCreateShop' },
        { labelKey: 'roles', screen: 'staffManageRoles' },
        { labelKey: 'manageShops', screen: 'staffManageShops' },
        { labelKey: 'businesses', screen: 'staffManageBusinesses' },
      ],
    },
  },
  {
    kind: 'group',
    group: {
      key: 'orders',
      links: [
        { labelKey: 'ordersAll', screen: 'ordersAll' },
        { labelKey: 'ordersForReview', screen: 'ordersForReview' },
        { labelKey: 'ordersAdmin', screen: 'ordersAdminOrders' },
        { labelKey: 'ordersAnalytics', screen: 'ordersAnalytics' },
        { labelKey: 'giftCards', screen: 'ordersGiftCards' },
        { labelKey: 'giftEsims', screen: 'ordersGiftEsims' },
        { labelKey: 'failedPayments', screen: 'ordersFailedTransactions' },
      ],
    },
  },
  {
    kind: 'group',
    group: {
      key: 'refunds',
      links: [
        { labelKey: 'refundOrders', screen: 'refundsAll' },
        { labelKey: 'deletedPackageOrders', screen: 'refundsDeletedPackages' },
        { labelKey: 'clientRefunds', screen: 'refundsFullClient' },
        { labelKey: 'clientDeletedPackages', screen: 'refundsClientAllPackagesDeleted' },
        { labelKey: 'changedEsims', screen: 'refundsChangedEsims' },
        { labelKey: 'failedRefunds', screen: 'refundsFailed' },
      ],
    },
  },
  {
    kind: 'group',
    group: {
      key: 'clients',
      links: [
        { labelKey: 'shops', screen: 'clientsShops' },
        { labelKey: 'allUsers', screen: 'clientsAllUsers' },
        { labelKey: 'blockedUsers', screen: 'clientsBlockedUsers' },
        { labelKey: 'deletedUsers', screen: 'clientsDeletedUsers' },
      ],
    },
  },
  {
    kind: 'group',
    group: {
      key: 'campaigns',
      links: [
        { labelKey: 'campaigns', screen: 'campaignsAll' },
        { labelKey: 'coupons', screen: 'couponsAll' },
      ],
    },
  },
  {
    kind: 'group',
    group: {
      key: 'packages',
      links: [
        { labelKey: 'globalPackages', screen: 'packagesGlobal' },
        { labelKey: 'resellerPackages', screen: 'packagesReseller' },
        { labelKey: 'addPackage', screen: 'packagesAdd' },
        { labelKey: 'addResellerPackage', screen: 'packagesAddReseller' },
        { labelKey: 'popularPackages', screen: 'packagesPopular' },
        { labelKey: 'offers', screen: 'packagesOffers' },
      ],
    },
  },
  {
    kind: 'group',
    group: {
      key: 'seo',
      links: [
        { labelKey: 'seoCountries', screen: 'seoCountries' },
        { labelKey: 'seoCategories', screen: 'seoRegions' },
        { labelKey: 'seoPackages', screen: 'seoGlobalPackages' },
        { labelKey: 'blogs', screen: 'seoBlogs' },
      ],
    },
  },
  { kind: 'link', link: { labelKey: 'phoneNotification', screen: 'sendNotification' } },
  {
    kind: 'group',
    group: { key: 'finance', links: [{ labelKey: 'shopReports', screen: 'financeShopReports' }] },
  },
  {
    kind: 'group',
    group: {
      key: 'statistics',
      links: [
        { labelKey: 'statisticPackages', screen: 'statisticPackages' },
        { labelKey: 'statisticCountries', screen: 'statisticCountries' },
        { labelKey: 'adsTraffic', screen: 'statisticTraffic' },
        { labelKey: 'adOrders', screen: 'statisticTrafficSources' },
        { labelKey: 'packagesByCountry', screen: 'statisticPackagesByCountry' },
      ],
    },
  },
  {
    kind: 'group',
    group: {
      key: 'facebook',
      links: [
        { labelKey: 'facebookSummary', screen: 'facebookTotal' },
        { labelKey: 'facebookCampaigns', screen: 'facebookCampaigns' },
        { labelKey: 'facebookAds', screen: 'facebookInsights' },
        { labelKey: 'facebookOrders', screen: 'facebookOrders' },
      ],
    },
  },
  { kind: 'link', link: { labelKey: 'settings', screen: 'settings' } },
];

export const getLinkPath = (link: NavLinkItem): string => getStaffScreen(link.screen).path;

export const isLinkVisible = (link: NavLinkItem, role: StaffRole | null): boolean =>
  isAllowed(link.sidebarAccess ?? getStaffScreen(link.screen).access, role);

/** The sidebar a user sees: hidden links dropped, groups without a visible link dropped. */
export const getVisibleNavigation = (user: Pick<User, 'role' | 'role_id'> | null): NavEntry[] => {
  const role = getSidebarRole(user);
  const visible: NavEntry[] = [];
  for (const entry of navigation) {
    if (entry.kind === 'link') {
      if (isLinkVisible(entry.link, role)) visible.push(entry);
      continue;
    }
    const links = entry.group.links.filter((link) => isLinkVisible(link, role));
    if (links.length > 0) visible.push({ kind: 'group', group: { ...entry.group, links } });
  }
  return visible;
};
