import { expect, test } from '../../fixtures';
import { groupLinks, loginAsStaff, openPath, sidebarEntries } from './staff-session';

// One account per file, tests in order (see staff-session.ts).
test.describe.configure({ mode: 'default' });

test.describe('editor', () => {
  test.beforeEach(async ({ page }) => {
    await loginAsStaff(page, 'editor');
  });

  test('sidebar shows only the Clients user lists and the Facebook campaigns link', async ({ page }) => {
    expect(await sidebarEntries(page)).toEqual(['nav-group-clients', 'nav-group-facebook']);
    expect(await groupLinks(page, 'clients')).toEqual(['allUsers', 'blockedUsers', 'deletedUsers']);
    expect(await groupLinks(page, 'facebook')).toEqual(['facebookCampaigns']);
    await expect(page.getByTestId('nav-link-home')).toHaveCount(0);
  });

  test('the home page is a welcome, not an error', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('welcome')).toContainText('Welcome, Erion!');
  });

  test('may open its screens; admin-only and admin-and-analytics routes send it home', async ({ page }) => {
    // A sweep of full page loads, each a cold start of the app.
    test.slow();
    for (const path of [
      '/clients/all-users',
      '/dashboard/all-blocked-users',
      '/clients/all-deleted-users',
      '/facebook/ads/campaigns',
    ]) {
      await openPath(page, path);
      await expect(page).toHaveURL(path);
    }
    for (const path of [
      '/orders/all',
      '/clients/all-shops',
      '/settings/general-options',
      '/global-packages/add',
      '/facebook/ads/total',
      '/campaigns/edit/3',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    }
  });

  test('privacy-policy and terms settings are open to every staff role', async ({ page }) => {
    await openPath(page, '/settings/privacy-policy');
    await expect(page).toHaveURL('/settings/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
    await openPath(page, '/settings/terms-and-conditions');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and conditions');
  });

  test('sidebar links navigate inside the app', async ({ page }) => {
    await page.getByTestId('nav-group-clients').click();
    await page.getByTestId('nav-link-blockedUsers').click();
    await expect(page).toHaveURL('/dashboard/all-blocked-users');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blocked users');
    await expect(page.getByTestId('nav-link-blockedUsers')).toHaveAttribute('aria-current', 'page');
  });
});
