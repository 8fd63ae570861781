import { expect, holdScripts, test, withLanguage } from '../../fixtures';
import {
  buyPackage,
  cards,
  localPackageSlug,
  newBuyer,
  payOnSandbox,
  submitOrder,
  waitForQrCode,
} from './helpers';

test.beforeEach(async ({ page }) => {
  await withLanguage(page, 'en');
});

test('a declined card leads to the failure page; try again pays the same order, which cannot be paid twice', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await buyPackage(page, newBuyer(), cards.declined);
  const failedUrl = page.url();
  expect(new URL(failedUrl).searchParams.get('package')).toBe(localPackageSlug);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Payment failed. Please try again!');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(main.getByRole('link', { name: 'Use another payment method' })).toHaveAttribute(
    'href',
    `/order/${localPackageSlug}`,
  );
  await expect(main.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/contact');

  // Try again: a new card page for the same order.
  await main.getByRole('button', { name: 'Try again' }).click();
  await payOnSandbox(page, cards.success);
  await expect(page).toHaveURL(/\/payment\/success\?/);
  await expect(page.getByTestId('payment-status')).toContainText('Payment completed successfully!');
  await waitForQrCode(page);

  // The old failure page's "try again" now says the order is paid. It asks the API, so until the page's scripts
  // have run it is disabled rather than a button that ignores the tap.
  const release = await holdScripts(page);
  await page.goto(failedUrl, { waitUntil: 'commit' });
  const tryAgain = page.getByRole('main').getByRole('button', { name: 'Try again' });
  await expect(tryAgain).toBeDisabled();
  release();
  await tryAgain.click();
  await expect(page.getByTestId('retry-feedback')).toHaveText(
    'This transaction was completed earlier, please check your email.',
  );
});

test('a reload in the same tab keeps the QR code; the same return URL in a new tab says it was completed earlier', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await buyPackage(page, newBuyer(), cards.success);
  await waitForQrCode(page);
  const successUrl = page.url();

  await page.reload();
  await expect(page.getByTestId('payment-status')).toContainText('Payment completed successfully!');
  await waitForQrCode(page);

  // A new tab starts with empty sessionStorage: the server shows the receipt only once.
  const other = await context.newPage();
  await other.goto(successUrl);
  await expect(other.getByTestId('payment-status')).toContainText(
    'This transaction was completed earlier, please check your email.',
  );
  await expect(other.getByTestId('esim-qr')).toHaveCount(0);
  await expect(other.getByRole('main').getByRole('link', { name: 'Contact support' })).toBeVisible();
});

test('a return URL without its parameters explains itself instead of spinning', async ({ page }) => {
  await page.goto('/payment/success');
  await expect(page.getByTestId('payment-status')).toContainText('We could not check your payment');
  await expect(page.getByRole('main').getByRole('link', { name: 'Contact support' })).toBeVisible();
});

test('coming back from the card page with the back button leaves the pay button usable', async ({ page }) => {
  await page.goto(`/order/${localPackageSlug}`);
  await submitOrder(page, newBuyer());
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.goBack();
  await expect(page).toHaveURL(`/order/${localPackageSlug}`);
  await expect(page.getByTestId('pay-button')).toBeEnabled();
});
