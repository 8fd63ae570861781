import { expect, expectNoAxeViolations, test } from '../../fixtures';
import { loginAsStaff } from './staff-session';

// Issue 12: every screen of the staff dashboard's first part has no axe violations in Albanian on a phone and in
// English on a laptop (the journeys check the drawers and forms in use; this checks each screen as it opens).
const screens = [
  '/',
  '/clients/all-users',
  '/dashboard/all-blocked-users',
  '/clients/all-deleted-users',
  '/clients/all-shops',
  '/staff/manage-shops',
  '/staff/create-shop',
  '/staff/create-user',
  '/staff/manage-roles',
  '/staff/manage-businesses',
  '/business/orders',
];

for (const [locale, width] of [
  ['sq', 390],
  ['en', 1280],
] as const) {
  test(`issue 12 screens: no axe violations in ${locale} at ${width} px`, async ({ page, admin }) => {
    // axe takes seconds per screen on a loaded 2-core machine.
    test.slow();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width, height: 900 });
    await loginAsStaff(page, admin);
    await page.evaluate((code) => window.localStorage.setItem('languagePreference', code), locale);
    for (const path of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      // Lists have loaded (or said they are empty) before axe looks: the kit marks its table busy meanwhile.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      if (path === '/') await expect(page.getByTestId('dashboard-overview')).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
}

test('a list still loading has no axe violations', async ({ page, admin }) => {
  await loginAsStaff(page, admin);
  // Hold the list's answer until axe has looked at the loading state.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/staff/clients?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/clients/all-users');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(1);
  await expect(page.getByRole('status', { name: 'Loading…' })).toBeVisible();
  await expectNoAxeViolations(page);
  release();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
});
