import { expect, test } from '../../fixtures';
import { groupLinks, loginAsStaff, openPath, sidebarEntries } from './staff-session';

// The demo analytics account, only looked at (its password change is in own-account.spec.ts).
test.describe.configure({ mode: 'default' });

test.describe('analytics', () => {
  test.beforeEach(async ({ page }) => {
    await loginAsStaff(page, 'analytics');
  });

  test('sidebar shows campaigns, packages, SEO, notification, statistics and Facebook but campaigns', async ({
    page,
  }) => {
    expect(await sidebarEntries(page)).toEqual([
      'nav-group-campaigns',
      'nav-group-packages',
      'nav-group-seo',
      'nav-link-phoneNotification',
      'nav-group-statistics',
      'nav-group-facebook',
    ]);
    expect(await groupLinks(page, 'campaigns')).toEqual(['campaigns']);
    expect(await groupLinks(page, 'packages')).toEqual([
      'globalPackages',
      'resellerPackages',
      'addPackage',
      'addResellerPackage',
      'popularPackages',
      'offers',
    ]);
    expect(await groupLinks(page, 'seo')).toEqual(['seoCountries', 'seoCategories', 'seoPackages', 'blogs']);
    expect(await groupLinks(page, 'statistics')).toEqual([
      'statisticPackages',
      'statisticCountries',
      'adsTraffic',
      'adOrders',
      'packagesByCountry',
    ]);
    expect(await groupLinks(page, 'facebook')).toEqual(['facebookSummary', 'facebookAds', 'facebookOrders']);
  });

  test('may open its screens, including parameterised ones; others send it home', async ({ page }) => {
    // A sweep of full page loads, each a cold start of the app.
    test.slow();
    for (const path of [
      '/campaigns/all',
      '/campaigns/orders/12',
      '/global-packages/add-reseller-packages',
      '/seo/blogs/edit/4',
      '/mobile/send-notification',
      '/statistic/global-packages/users/7/Europe',
      '/statistic/traffic/source/facebook',
      '/facebook/ads/insights',
    ]) {
      await openPath(page, path);
      await expect(page).toHaveURL(path);
    }
    for (const path of [
      '/coupons/all',
      '/finance/raporte-shop/3',
      '/staff/manage-roles',
      '/facebook/ads/campaigns',
      '/clients/all-users',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    }
  });
});
