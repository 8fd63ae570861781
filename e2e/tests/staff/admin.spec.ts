import { expect, expectFlagDrawing, expectNoAxeViolations, test, watchAddressChanges } from '../../fixtures';
import { groupLinks, loginAsStaff, openPath, sidebarEntries } from './staff-session';

// The demo admin, only looked at (journeys that edit an account use their own: own-account.spec.ts).
test.describe.configure({ mode: 'default' });

test.describe('admin', () => {
  test.beforeEach(async ({ page }) => {
    await loginAsStaff(page, 'admin');
  });

  test('sidebar shows Home and every group of SPEC, each with its links', async ({ page }) => {
    expect(await sidebarEntries(page)).toEqual([
      'nav-link-home',
      'nav-group-staff',
      'nav-group-orders',
      'nav-group-refunds',
      'nav-group-clients',
      'nav-group-campaigns',
      'nav-group-packages',
      'nav-group-seo',
      'nav-link-phoneNotification',
      'nav-group-finance',
      'nav-group-statistics',
      'nav-group-facebook',
      'nav-link-settings',
    ]);
    expect(await groupLinks(page, 'staff')).toEqual([
      'createUser',
      'createShop',
      'roles',
      'manageShops',
      'businesses',
    ]);
    expect(await groupLinks(page, 'orders')).toEqual([
      'ordersAll',
      'ordersForReview',
      'ordersAdmin',
      'ordersAnalytics',
      'giftCards',
      'giftEsims',
      'failedPayments',
    ]);
    expect(await groupLinks(page, 'clients')).toEqual(['shops', 'allUsers', 'blockedUsers', 'deletedUsers']);
    expect(await groupLinks(page, 'campaigns')).toEqual(['campaigns', 'coupons']);
    expect(await groupLinks(page, 'finance')).toEqual(['shopReports']);
    expect(await groupLinks(page, 'facebook')).toEqual([
      'facebookSummary',
      'facebookCampaigns',
      'facebookAds',
      'facebookOrders',
    ]);
    // Groups collapse again.
    await page.getByTestId('nav-group-staff').click();
    await expect(page.getByTestId('nav-group-staff')).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('nav-link-createUser')).toHaveCount(0);
  });

  test('opens admin-only and parameterised routes', async ({ page }) => {
    // A sweep of full page loads, each a cold start of the app.
    test.slow();
    for (const [path, title] of [
      ['/orders/all', 'All orders'],
      ['/clients/all-shops/5', 'Shop details'],
      ['/finance/raporte-shop/5', 'Shop report'],
      ['/settings/esims-to-be-free', 'eSIMs to be freed'],
      ['/statistic/global-packages/Europe', 'Package statistics details'],
      ['/coupons/edit/9', 'Edit coupon'],
    ] as const) {
      await openPath(page, path);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    }
  });

  test('an unknown staff route shows the not-found page', async ({ page }) => {
    await page.goto('/orders/does-not-exist');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('when the address changes, the new screen is already shown: the old one takes no clicks or typing after it', async ({
    page,
  }) => {
    await page.goto('/clients/all-users');
    await expect(page.getByTestId('list-row').first()).toBeVisible();
    const changes = await watchAddressChanges(page, '[data-testid="list-search"]');
    await page.getByTestId('nav-link-home').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('list-search')).toHaveCount(0);
    // One address change, and 50 ms after it the list was gone.
    expect(await changes.seen()).toEqual([false]);
  });

  test('/login while logged in goes home; the session survives a reload', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await page.reload();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(page.getByTestId('nav-link-home')).toBeVisible();
  });

  test('header: logo goes home, avatar menu shows name, e-mail, Profile and Logout', async ({ page }) => {
    await page.goto('/orders/all');
    await page.getByRole('link', { name: 'Go to the dashboard home' }).click();
    await expect(page).toHaveURL(/\/$/);

    const avatar = page.getByTestId('user-menu');
    await expect(avatar).toHaveText('D');
    await avatar.click();
    await expect(page.getByTestId('user-menu-name')).toHaveText('Drita Berisha');
    await expect(page.getByTestId('user-menu-email')).toHaveText('admin@demo.esim');
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL('/profile');

    await avatar.click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => window.localStorage.getItem('auth-token'))).toBeNull();
    await page.goto('/orders/all');
    await expect(page).toHaveURL('/login');
  });

  test('Arabic is right to left and the choice survives a reload', async ({ page }) => {
    await expectFlagDrawing(page.getByTestId('language-picker').locator('img'), 'gb');
    await page.getByTestId('language-picker').click();
    await page.getByRole('menuitem', { name: 'Arabic' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('لوحة التحكم');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('nav-link-home')).toHaveText('الرئيسية');
    await page.getByTestId('language-picker').click();
    await page.getByRole('menuitem', { name: 'Shqip' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByTestId('nav-link-home')).toHaveText('Ballina');
  });

  // One page of each kind (home, the list kit, the form kit, not found) and the shell's menus, in both
  // directions. Placeholder screens share the shell already checked here.
  for (const locale of ['en', 'sa'] as const) {
    test(`no axe violations on the shell's page kinds (${locale})`, async ({ page }) => {
      // axe takes seconds per run on a loaded 2-core machine.
      test.slow();
      await page.evaluate((code) => window.localStorage.setItem('languagePreference', code), locale);
      for (const path of ['/', '/orders/failed-transactions', '/profile', '/nope']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('dir', locale === 'sa' ? 'rtl' : 'ltr');
        await expectNoAxeViolations(page);
      }
    });

    test(`no axe violations with the shell's menus open (${locale})`, async ({ page }) => {
      // axe takes seconds per run on a loaded 2-core machine.
      test.slow();
      await page.evaluate((code) => window.localStorage.setItem('languagePreference', code), locale);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'sa' ? 'rtl' : 'ltr');
      await page.getByTestId('nav-group-orders').click();
      await page.getByTestId('user-menu').click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
      await page.getByTestId('language-picker').click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
