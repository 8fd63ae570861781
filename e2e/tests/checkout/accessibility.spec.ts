import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, withLanguage } from '../../fixtures';
import { buyPackage, cards, localPackageSlug, newBuyer, waitForQrCode } from './helpers';

const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main')).toBeVisible();
};

for (const locale of ['en', 'sa'] as const)
  test.describe(`checkout pages pass axe in ${locale}`, () => {
    test.beforeEach(async ({ page }) => {
      await withLanguage(page, locale);
    });

    test('the order page, empty and with validation errors', async ({ page }) => {
      await page.goto(`/order/${localPackageSlug}`);
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'sa' ? 'rtl' : 'ltr');
      await expectNoAxeViolations(page);
      await page.getByTestId('pay-button').click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('the success page with the QR code, the failure page and the mailbox', async ({ page }) => {
      test.setTimeout(120_000);
      await buyPackage(page, newBuyer(), cards.success);
      await waitForQrCode(page);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'sa' ? 'rtl' : 'ltr');
      await expectNoAxeViolations(page);

      await buyPackage(page, newBuyer(), cards.declined);
      await settle(page);
      await expectNoAxeViolations(page);

      // The dev mailbox with attachments and the inline QR image.
      await page.goto('/dev/mailbox');
      await expect(page.getByTestId('outbox-inline-image').first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
