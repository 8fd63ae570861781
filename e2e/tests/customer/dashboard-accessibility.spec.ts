import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, withLanguage } from '../../fixtures';
import { loginAsDemoCustomer } from './dashboard-helpers';

/** Every dashboard screen, with its data loaded, and what it is waited on by. */
const screens = [
  { path: '/account', ready: 'order-item' },
  { path: '/account/packages', ready: 'esim-package' },
  { path: '/account/buy-package', ready: 'top-up-package' },
  { path: '/account/buy-esim', ready: 'package-card' },
  { path: '/account/qr-code', ready: 'esim-qr' },
  { path: '/account/change-esim', ready: 'change-quote' },
  { path: '/profile', ready: 'profile-form' },
] as const;

const checkEveryScreen = async (page: Page) => {
  for (const screen of screens) {
    await page.goto(screen.path);
    await expect(page.getByTestId(screen.ready).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expectNoAxeViolations(page);
  }
};

for (const locale of ['en', 'sa'] as const) {
  test.describe(`dashboard in ${locale}`, () => {
    test.beforeEach(async ({ page }) => {
      await withLanguage(page, locale);
    });

    test('every screen on a phone has no violations', async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await loginAsDemoCustomer(page);
      if (locale === 'sa') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await checkEveryScreen(page);

      // Orders are cards on a phone, the menu scrolls sideways without widening the page.
      await page.goto('/account');
      await expect(page.getByTestId('orders-cards')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // A form showing errors, a confirmed change and the open account menu.
      await page.goto('/profile');
      const form = page.getByTestId('profile-form');
      await form.locator('[name="firstName"]').fill('');
      await page.getByTestId('profile-save').click();
      await expect(form.locator('[name="firstName"]')).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);
      await page.goto('/account/change-esim');
      await page.getByTestId('change-confirm').check();
      await expect(page.getByTestId('change-pay')).toBeEnabled();
      await expectNoAxeViolations(page);
      await page.getByTestId('account-menu').click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('every screen on a wide screen has no violations', async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 1280, height: 900 });
      await loginAsDemoCustomer(page);
      await checkEveryScreen(page);
      await page.goto('/account');
      await expect(page.getByTestId('orders-table')).toBeVisible();
    });
  });
}

test('the QR code screen shows the eSIM install details and the reinstalls against the limit', async ({
  page,
}) => {
  await withLanguage(page, 'en');
  await loginAsDemoCustomer(page);
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'QR code' }).click();
  await expect(page).toHaveURL('/account/qr-code');
  await expect(page.getByTestId('reinstalls')).toHaveText('Reinstalls: 1 of 5');
  await expect(page.getByTestId('esim-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(page.getByTestId('esim-activation-code')).toHaveText(/^LPA:1\$/);
  await expect(page.getByTestId('esim-smdp-address')).not.toBeEmpty();
  await expect(page.getByTestId('esim-ios-link')).toHaveAttribute(
    'href',
    /^https:\/\/esimsetup\.apple\.com\//,
  );
  expect(await page.getByTestId('esim-android-steps').locator('li').count()).toBeGreaterThan(2);
});
