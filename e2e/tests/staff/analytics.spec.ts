import { demoPassword, expect, test } from '../../fixtures';
import { groupLinks, loginAsStaff, openPath, sidebarEntries } from './staff-session';

// One account per file, tests in order: the password change ends this account's other sessions.
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

  test('change password: wrong current password, success, and the new password works', async ({ page }) => {
    const newPassword = 'Analytics-New-2026!';
    await page.goto('/change-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
    const form = page.getByTestId('change-password-form');

    // Client-side rules first (SPEC section 5 wording).
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Current password is required')).toBeVisible();

    await form.getByLabel(/^Current password/).fill('Not-the-password-1');
    await form.getByLabel(/^New password/).fill(newPassword);
    await form.getByLabel(/^Confirm password/).fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('The provided password does not match your current password.')).toBeVisible();

    await form.getByLabel(/^Current password/).fill(demoPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByTestId('form-success')).toHaveText('Password successfully changed.');

    // Log out, log in with the new password, and put the demo password back.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/login');
    await loginAsStaff(page, 'analytics', newPassword);
    await page.goto('/change-password');
    await form.getByLabel(/^Current password/).fill(newPassword);
    await form.getByLabel(/^New password/).fill(demoPassword);
    await form.getByLabel(/^Confirm password/).fill(demoPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByTestId('form-success')).toHaveText('Password successfully changed.');
  });
});
