import { expect, siteURL, test, withLanguage } from '../../fixtures';
import { cards, localPackageSlug, newBuyer, payOnSandbox, submitOrder, waitForQrCode } from './helpers';

// Issue 29: the site also answers on other names of SITE_URL (here 127.0.0.1 beside localhost). Browser storage
// is per origin and the payment return goes to SITE_URL, so a buyer who started on the alias came back to a tab
// with no order in it ("Try again" answered 404). Pages on an alias now move to SITE_URL first (ADR 0032).
const alias = (() => {
  const url = new URL(siteURL);
  url.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return url.origin;
})();

test.beforeEach(async ({ page }) => {
  await withLanguage(page, 'en');
});

test('a buyer who opens the site on 127.0.0.1 is declined, tries again and pays on one origin', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`${alias}/order/${localPackageSlug}?utm_source=alias-test`);
  // Moved before anything starts: same path and query, SITE_URL's host.
  await expect(page).toHaveURL(`${siteURL}/order/${localPackageSlug}?utm_source=alias-test`);

  await submitOrder(page, newBuyer());
  await payOnSandbox(page, cards.declined);
  await expect(page).toHaveURL(/\/payment\/failed\?/);
  expect(new URL(page.url()).origin).toBe(siteURL);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Payment failed. Please try again!');

  // The tab still holds the order: try again reaches a new card page for it, and this card pays.
  await main.getByRole('button', { name: 'Try again' }).click();
  await payOnSandbox(page, cards.success);
  await expect(page).toHaveURL(/\/payment\/success\?/);
  expect(new URL(page.url()).origin).toBe(siteURL);
  await expect(page.getByTestId('payment-status')).toContainText('Payment completed successfully!');
  await waitForQrCode(page);
});

test('the API answers on the alias without a redirect', async ({ request }) => {
  const health = await request.get(`${alias}/api/health`, { maxRedirects: 0 });
  expect(health.status()).toBe(200);
  const home = await request.get(`${alias}/?lang=de`, { maxRedirects: 0 });
  expect(home.status()).toBe(301);
  expect(home.headers().location).toBe(`${siteURL}/?lang=de`);
});
