import { readFile } from 'node:fs/promises';
import { expect, expectNoAxeViolations, test, withLanguage } from '../../fixtures';
import { cards, payOnSandbox } from '../checkout/helpers';
import { countPosts, newCustomerWithEsim } from './dashboard-helpers';

test.beforeEach(async ({ page }) => {
  await withLanguage(page, 'en');
});

test('a customer buys a top-up for their eSIM, pays once, and sees the package waiting behind the active one', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await newCustomerWithEsim(page);

  // Buy package: only packages that fit this eSIM (the same country's local packages).
  await page.goto('/account/buy-package');
  await expect(page.locator('#top-up-heading')).toHaveText(/^Packages for eSIM ending \d{4}$/);
  const offers = page.getByTestId('top-up-package');
  await expect(offers.first()).toBeVisible();
  for (const slug of await offers.evaluateAll((els) => els.map((el) => el.getAttribute('data-slug'))))
    expect(slug).toMatch(/^de-/);
  await expectNoAxeViolations(page);

  const chosen = offers.first();
  const title = (await chosen.locator('h3').textContent()) ?? '';
  const created = countPosts(page, '/api/account/top-ups');
  await chosen.getByTestId('top-up-pay').dblclick();
  await payOnSandbox(page, cards.success);
  expect(created).toHaveLength(1);

  // The success screen for a package: no QR code, the package is on the eSIM.
  await expect(page).toHaveURL(/\/payment\/success\?order=[\w-]+&session_id=/);
  await expect(page.getByTestId('payment-status')).toContainText('Payment completed successfully!');
  const added = page.getByTestId('top-up-added');
  await expect(added).toContainText('has been added to your eSIM.', { timeout: 45_000 });
  await expect(added).toContainText('the new one waits and starts by itself when the current one ends');
  await expect(page.getByTestId('receipt-kind')).toHaveText('Top-up');
  await expect(page.getByTestId('esim-qr')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Active packages: the new one waits behind the one in use.
  await added.getByRole('link', { name: 'See your active packages' }).click();
  await expect(page).toHaveURL('/account/packages');
  const packages = page.getByTestId('esim-card').getByTestId('esim-package');
  await expect(packages).toHaveCount(2);
  await expect(packages.nth(0).getByTestId('package-status')).toHaveText('Active');
  await expect(packages.nth(1).getByTestId('package-status')).toHaveText('Waiting');
  await expect(packages.nth(1)).toContainText(title.split(' · ')[0] ?? '');
  await expect(packages.nth(1)).toContainText('Starts by itself when the active package ends.');

  // Orders: the top-up first, both paid, each with its invoice.
  await page.goto('/account');
  const orders = page.getByTestId('order-item');
  await expect(orders).toHaveCount(2);
  await expect(orders.nth(0)).toContainText('Top-up');
  await expect(orders.nth(1)).toContainText('New eSIM');
  await expect(orders.nth(0)).toContainText('Paid');
  const download = page.waitForEvent('download');
  await orders.nth(0).getByTestId('invoice-button').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const path = await file.path();
  expect((await readFile(path)).subarray(0, 5).toString()).toBe('%PDF-');
});
