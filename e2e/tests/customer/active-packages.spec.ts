import { expect, test, withLanguage } from '../../fixtures';
import { loginAsDemoCustomer, newCustomerWithEsim } from './dashboard-helpers';
import { registerCustomer } from './helpers';

test.beforeEach(async ({ page }) => {
  await withLanguage(page, 'en');
});

test('a customer with an active package sees how much data is left, until when, and the package waiting', async ({
  page,
}) => {
  await loginAsDemoCustomer(page);

  // The header menu leads to the dashboard; its home answers "how much do I have" first.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'My account' }).click();
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My account');
  const summary = page.getByTestId('usage-summary');
  await expect(summary.getByTestId('remaining-amount')).toHaveText('3.2 GB left');
  await expect(summary.getByTestId('used-amount')).toHaveText('1.8 GB of 5 GB used');
  await expect(summary).toContainText(/Valid until \w{3} \d{1,2}, \d{4}/);

  // Active packages: the package in use, then the one waiting behind it.
  await page.getByTestId('account-nav').getByRole('link', { name: 'Active packages' }).click();
  await expect(page).toHaveURL('/account/packages');
  const esim = page.getByTestId('esim-card');
  await expect(esim).toHaveCount(1);
  await expect(esim.getByRole('heading', { level: 2 })).toHaveText(/^eSIM ending \d{4}$/);
  await expect(esim.getByTestId('esim-status')).toHaveText('Installed');
  const packages = esim.getByTestId('esim-package');
  await expect(packages).toHaveCount(2);
  const active = packages.nth(0);
  await expect(active.getByTestId('package-status')).toHaveText('Active');
  await expect(active.getByTestId('remaining-amount')).toHaveText('3.2 GB left');
  await expect(active.getByTestId('used-amount')).toHaveText('1.8 GB of 5 GB used');
  await expect(active.getByText('Bought', { exact: true })).toBeVisible();
  await expect(active.getByText('Activated', { exact: true })).toBeVisible();
  await expect(active.getByText('Expires', { exact: true })).toBeVisible();
  await expect(active.getByText('30 days', { exact: true })).toBeVisible();
  const waiting = packages.nth(1);
  await expect(waiting.getByTestId('package-status')).toHaveText('Waiting');
  await expect(waiting.getByTestId('remaining-amount')).toHaveText('5 GB left');
  await expect(waiting).toContainText('Starts by itself when the active package ends.');
  await expect(esim.getByTestId('usage-updated')).toContainText('Last updated:');

  // The way to get more data.
  await esim.getByTestId('buy-more').click();
  await expect(page).toHaveURL(/\/account\/buy-package\?esim=[\w-]+$/);
  await expect(page.getByTestId('top-up-package').first()).toBeVisible();
});

test('usage is refreshed from the provider on demand, with the time of the update', async ({ page }) => {
  test.setTimeout(120_000);
  await newCustomerWithEsim(page);
  await page.goto('/account/packages');
  const esim = page.getByTestId('esim-card');
  const active = esim.getByTestId('esim-package');
  await expect(active).toHaveCount(1);
  await expect(active.getByTestId('package-status')).toHaveText('Active');
  await expect(active.getByTestId('remaining-amount')).toHaveText('5 GB left');
  await expect(active).toContainText('Valid for 30 days from the first use');
  await expect(esim.getByTestId('usage-updated')).toHaveText('No usage reported yet');

  const refreshed = page.waitForResponse(
    // A 401 "token expired" is answered again after the refresh (short tokens in the journeys): wait for that.
    (r) =>
      r.request().method() === 'POST' &&
      r.status() !== 401 &&
      /\/api\/account\/esims\/[\w-]+\/usage$/.test(r.url()),
  );
  await esim.getByTestId('refresh-usage').click();
  expect((await refreshed).status()).toBe(200);
  await expect(esim.getByTestId('usage-updated')).toHaveText(/^Last updated: \w{3} \d{1,2}, \d{4}/);
});

test('a customer without an eSIM is offered one, and has no QR code yet', async ({ page }) => {
  await registerCustomer(page);
  await page.goto('/account');
  await expect(page.getByTestId('orders-empty')).toContainText('You have no orders yet.');
  await expect(page.getByTestId('usage-summary')).toHaveCount(0);
  await page.goto('/account/packages');
  await expect(page.getByTestId('no-esims')).toContainText("You don't have an eSIM yet.");
  await page.goto('/account/qr-code');
  await expect(page.getByTestId('no-qr-code')).toHaveText("You don't have Qr Code generated");
  await page.goto('/account/buy-package');
  await expect(page.getByTestId('no-esims')).toContainText('You need an eSIM before you can add a package.');
  await page.goto('/account/change-esim');
  await expect(page.getByTestId('no-esims')).toContainText("You don't have an eSIM that can be changed.");

  // Buy eSIM: search a destination, then the order page of the chosen package.
  await page.getByTestId('account-nav').getByRole('link', { name: 'Buy eSIM' }).click();
  await expect(page.getByTestId('buy-esim-heading')).toHaveText('Packages for many countries');
  await page.getByLabel('Where are you travelling?').fill('Germany');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL('/account/buy-esim?q=Germany');
  await expect(page.getByTestId('buy-esim-heading')).toHaveText(/^Packages for “Germany”: \d+$/);
  const card = page.locator('[data-testid="package-card"][data-type="local"]').first();
  const slug = await card.getAttribute('data-slug');
  expect(slug).toMatch(/^de-/);
  await card.getByTestId('buy-link').click();
  await expect(page).toHaveURL(`/order/${slug}`);
  await expect(page.getByTestId('order-form').locator('[name="fullName"]')).toHaveValue('Ada Traveller');
});
