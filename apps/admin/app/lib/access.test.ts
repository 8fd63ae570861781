import type { StaffRole, User } from '@esim/contracts';
import { describe, expect, it } from 'vitest';
import { decideAccess, findStaffScreen, getGuardRole, getSidebarRole, staffScreens } from './access';
import { getLinkPath, getVisibleNavigation, type NavEntry } from './navigation';

type RoleUser = Pick<User, 'role' | 'role_id'>;
const roleIds: Record<StaffRole, number> = { admin: 1, editor: 2, analytics: 3 };
const staff = (name: StaffRole): RoleUser => ({ role_id: roleIds[name], role: { id: roleIds[name], name } });

const summarize = (entries: NavEntry[]) =>
  entries.map((entry) =>
    entry.kind === 'link'
      ? entry.link.labelKey
      : { [entry.group.key]: entry.group.links.map((l) => l.labelKey) },
  );

/** Every path SPEC section 2 lists, with its parameters filled in. */
const specPaths = [
  '/',
  '/clients/all-users',
  '/dashboard/all-blocked-users',
  '/clients/all-deleted-users',
  '/clients/all-shops',
  '/clients/all-shops/42',
  '/staff/create-user',
  '/staff/create-shop',
  '/staff/manage-roles',
  '/staff/manage-shops',
  '/staff/manage-businesses',
  '/business/orders',
  '/orders/all',
  '/orders/for-review',
  '/orders/gift-cards',
  '/orders/failed-transactions',
  '/orders/gifts-esims',
  '/orders/admin-orders',
  '/orders/analytics',
  '/refunds/all',
  '/refunds/full-client',
  '/refunds/client-all-package-deleted',
  '/refunds/deleted-packages',
  '/refunds/changed-esims',
  '/refunds/failed-refunds',
  '/campaigns/all',
  '/campaigns/create',
  '/campaigns/languages/7',
  '/campaigns/orders/7',
  '/campaigns/edit/7',
  '/coupons/all',
  '/coupons/create',
  '/coupons/edit/7',
  '/global-packages/all',
  '/global-packages/reseller-packages',
  '/global-packages/add',
  '/global-packages/add-reseller-packages',
  '/global-packages/popular-packages',
  '/global-packages/offers-packages',
  '/seo/countries',
  '/seo/regions',
  '/seo/global-packages',
  '/seo/blogs',
  '/seo/blogs/create',
  '/seo/blogs/edit/7',
  '/mobile/send-notification',
  '/finance/raporte-shop',
  '/finance/raporte-shop/42',
  '/statistic/global-packages',
  '/statistic/global-packages/Europe%2030%20GB',
  '/statistic/global-packages/users/9/Europe',
  '/statistic/countries',
  '/statistic/traffic',
  '/statistic/traffic/sources',
  '/statistic/traffic/source/facebook',
  '/statistic/packages-bought-from-countries',
  '/statistic/users-by-country',
  '/settings',
  '/settings/general-options',
  '/settings/esims-to-be-free',
  '/settings/freed-esims',
  '/settings/privacy-policy',
  '/settings/terms-and-conditions',
  '/facebook/ads/total',
  '/facebook/ads/campaigns',
  '/facebook/ads/insights',
  '/facebook/ads/orders',
  '/profile',
  '/change-password',
];

const allowedPaths = (role: StaffRole) =>
  specPaths.filter((path) => decideAccess(path, staff(role)).kind === 'allow');

describe('staff routes', () => {
  it('registers every SPEC route and nothing else', () => {
    expect(specPaths.map((path) => findStaffScreen(path)?.path)).not.toContain(undefined);
    expect(new Set(specPaths.map((path) => findStaffScreen(path)?.id)).size).toBe(staffScreens.length);
  });

  it('prefers a static segment over a parameter', () => {
    expect(findStaffScreen('/seo/blogs/create')?.id).toBe('seoBlogCreate');
    expect(findStaffScreen('/statistic/global-packages/users/1/x')?.id).toBe('statisticPackageUsers');
    expect(findStaffScreen('/statistic/traffic/sources')?.id).toBe('statisticTrafficSources');
  });

  it('shows not-found for any other path', () => {
    for (const path of ['/nope', '/orders', '/clients/all-shops/1/2', '/login', '/seo/blogs/edit'])
      expect(decideAccess(path, staff('admin'))).toEqual({ kind: 'notFound' });
  });
});

describe('route guard (SPEC section 6)', () => {
  it('lets admin open everything', () => {
    expect(allowedPaths('admin')).toEqual(specPaths);
  });

  it('lets editors open only home, the client user lists, Facebook campaigns, profile and the open settings', () => {
    expect(allowedPaths('editor')).toEqual([
      '/',
      '/clients/all-users',
      '/dashboard/all-blocked-users',
      '/clients/all-deleted-users',
      '/settings/privacy-policy',
      '/settings/terms-and-conditions',
      '/facebook/ads/campaigns',
      '/profile',
      '/change-password',
    ]);
  });

  it('lets analytics open campaigns, packages, SEO, notification, statistics and Facebook except campaigns', () => {
    expect(allowedPaths('analytics')).toEqual([
      '/',
      '/campaigns/all',
      '/campaigns/create',
      '/campaigns/languages/7',
      '/campaigns/orders/7',
      '/campaigns/edit/7',
      '/global-packages/all',
      '/global-packages/reseller-packages',
      '/global-packages/add',
      '/global-packages/add-reseller-packages',
      '/global-packages/popular-packages',
      '/global-packages/offers-packages',
      '/seo/countries',
      '/seo/regions',
      '/seo/global-packages',
      '/seo/blogs',
      '/seo/blogs/create',
      '/seo/blogs/edit/7',
      '/mobile/send-notification',
      '/statistic/global-packages',
      '/statistic/global-packages/Europe%2030%20GB',
      '/statistic/global-packages/users/9/Europe',
      '/statistic/countries',
      '/statistic/traffic',
      '/statistic/traffic/sources',
      '/statistic/traffic/source/facebook',
      '/statistic/packages-bought-from-countries',
      '/statistic/users-by-country',
      '/settings/privacy-policy',
      '/settings/terms-and-conditions',
      '/facebook/ads/total',
      '/facebook/ads/insights',
      '/facebook/ads/orders',
      '/profile',
      '/change-password',
    ]);
  });

  it('sends other roles home from admin-only routes', () => {
    const adminOnly = [
      '/staff/create-user',
      '/orders/all',
      '/business/orders',
      '/refunds/all',
      '/coupons/all',
      '/coupons/edit/1',
      '/clients/all-shops',
      '/clients/all-shops/1',
      '/finance/raporte-shop',
      '/finance/raporte-shop/1',
      '/settings',
      '/settings/general-options',
      '/settings/esims-to-be-free',
      '/settings/freed-esims',
    ];
    for (const role of ['editor', 'analytics'] as const)
      for (const path of adminOnly)
        expect(decideAccess(path, staff(role)), `${role} ${path}`).toEqual({ kind: 'home' });
  });

  it('blocks editors from routes for admin and analytics', () => {
    for (const path of ['/global-packages/add', '/seo/blogs', '/statistic/traffic', '/facebook/ads/total'])
      expect(decideAccess(path, staff('editor'))).toEqual({ kind: 'home' });
  });

  it('leaves the privacy-policy and terms routes open to every staff role (the misspelled flag)', () => {
    for (const role of ['admin', 'editor', 'analytics'] as const)
      for (const path of ['/settings/privacy-policy', '/settings/terms-and-conditions'])
        expect(decideAccess(path, staff(role))).toEqual({ kind: 'allow' });
    const flagged = staffScreens.filter((s) => 'misspelledAdminOnlyFlagIgnored' in s).map((s) => s.path);
    expect(flagged).toEqual(['/settings/privacy-policy', '/settings/terms-and-conditions']);
  });

  it('checks the role name, not role_id', () => {
    const adminIdEditorName: RoleUser = { role_id: 1, role: { id: 1, name: 'editor' } };
    expect(getGuardRole(adminIdEditorName)).toBe('editor');
    expect(decideAccess('/orders/all', adminIdEditorName)).toEqual({ kind: 'home' });
    expect(decideAccess('/orders/all', { role: null })).toEqual({ kind: 'home' });
  });
});

describe('sidebar (SPEC "Dashboard layout" and section 6)', () => {
  it('shows admin the Home link and every group in SPEC order', () => {
    expect(summarize(getVisibleNavigation(staff('admin')))).toEqual([
      'home',
      { staff: ['createUser', 'createShop', 'roles', 'manageShops', 'businesses'] },
      {
        orders: [
          'ordersAll',
          'ordersForReview',
          'ordersAdmin',
          'ordersAnalytics',
          'giftCards',
          'giftEsims',
          'failedPayments',
        ],
      },
      {
        refunds: [
          'refundOrders',
          'deletedPackageOrders',
          'clientRefunds',
          'clientDeletedPackages',
          'changedEsims',
          'failedRefunds',
        ],
      },
      { clients: ['shops', 'allUsers', 'blockedUsers', 'deletedUsers'] },
      { campaigns: ['campaigns', 'coupons'] },
      {
        packages: [
          'globalPackages',
          'resellerPackages',
          'addPackage',
          'addResellerPackage',
          'popularPackages',
          'offers',
        ],
      },
      { seo: ['seoCountries', 'seoCategories', 'seoPackages', 'blogs'] },
      'phoneNotification',
      { finance: ['shopReports'] },
      {
        statistics: [
          'statisticPackages',
          'statisticCountries',
          'adsTraffic',
          'adOrders',
          'packagesByCountry',
        ],
      },
      { facebook: ['facebookSummary', 'facebookCampaigns', 'facebookAds', 'facebookOrders'] },
      'settings',
    ]);
  });

  it('shows editors the Clients user lists and the Facebook campaigns link only', () => {
    expect(summarize(getVisibleNavigation(staff('editor')))).toEqual([
      { clients: ['allUsers', 'blockedUsers', 'deletedUsers'] },
      { facebook: ['facebookCampaigns'] },
    ]);
  });

  it('shows analytics campaigns, packages, SEO, notification, statistics and Facebook except campaigns', () => {
    expect(summarize(getVisibleNavigation(staff('analytics')))).toEqual([
      { campaigns: ['campaigns'] },
      {
        packages: [
          'globalPackages',
          'resellerPackages',
          'addPackage',
          'addResellerPackage',
          'popularPackages',
          'offers',
        ],
      },
      { seo: ['seoCountries', 'seoCategories', 'seoPackages', 'blogs'] },
      'phoneNotification',
      {
        statistics: [
          'statisticPackages',
          'statisticCountries',
          'adsTraffic',
          'adOrders',
          'packagesByCountry',
        ],
      },
      { facebook: ['facebookSummary', 'facebookAds', 'facebookOrders'] },
    ]);
  });

  it('checks role_id 1 for admin', () => {
    const adminIdEditorName: RoleUser = { role_id: 1, role: { id: 1, name: 'editor' } };
    expect(getSidebarRole(adminIdEditorName)).toBe('admin');
    expect(getVisibleNavigation(adminIdEditorName)).toHaveLength(getVisibleNavigation(staff('admin')).length);
    expect(getVisibleNavigation(null)).toEqual([]);
  });

  it('never shows a role a link its guard refuses', () => {
    for (const role of ['admin', 'editor', 'analytics'] as const)
      for (const entry of getVisibleNavigation(staff(role))) {
        const links = entry.kind === 'link' ? [entry.link] : entry.group.links;
        for (const link of links) expect(decideAccess(getLinkPath(link), staff(role)).kind).toBe('allow');
      }
  });
});
