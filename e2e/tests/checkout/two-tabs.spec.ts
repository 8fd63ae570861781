import { expect, siteURL, test, withLanguage } from '../../fixtures';
import { registerCustomer } from '../customer/helpers';
import { cards, localPackageSlug, payOnSandbox } from './helpers';

// Issue 13, "one order, one charge": two card pages for one order, both paid with 4242. Opening a new checkout
// closes the open one at the provider; a page the provider could not close in time is how the second charge
// happens, so the second tab's page comes from the e2e test support, which opens one without closing the first.

test('two tabs pay one order: one charge kept, the second refunded and shown as such', async ({ page }) => {
  test.setTimeout(90_000);
  await withLanguage(page, 'en');
  await registerCustomer(page);

  // Tab 1: the order form (details filled in from the session) opens the first card page.
  await page.goto(`/order/${localPackageSlug}`);
  await expect(page.getByTestId('order-form').locator('[name="fullName"]')).toHaveValue('Ada Traveller');
  await expect(page.getByTestId('phone-input')).toHaveValue(/\d/);
  // The order's id from the API's answer, read on its way to the page (which leaves for the card page at once).
  let created: { orderId: string; number: string; totalCents: number } | undefined;
  await page.route('**/api/orders', async (route) => {
    const response = await route.fetch();
    if (route.request().method() === 'POST') created = await response.json();
    await route.fulfill({ response });
  });
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  if (!created) throw new Error('no order was created');
  const { orderId, number, totalCents } = created;

  // Tab 2: a second card page for the same order, while the first is still open.
  const second = await page.context().newPage();
  const opened = await fetch(`${siteURL}/api/test/orders/${orderId}/second-checkout`, { method: 'POST' });
  expect(opened.status).toBe(200);
  const { checkoutUrl } = (await opened.json()) as { checkoutUrl: string };
  await second.goto(checkoutUrl);

  // Both pay with 4242: the first is the order's charge…
  await payOnSandbox(page, cards.success);
  await expect(page).toHaveURL(/\/payment\/success\?/);
  await expect(page.getByTestId('payment-status')).toContainText('Payment completed successfully!');

  // …the second is refunded, and its return page says so instead of a plain success.
  await payOnSandbox(second, cards.success);
  await expect(second).toHaveURL(/\/payment\/success\?/);
  const amount = `€${(totalCents / 100).toFixed(2)}`;
  const status = second.getByTestId('payment-status');
  await expect(status).toContainText('This payment is being refunded');
  await expect(status).toContainText(
    `This order was paid twice; the second payment of ${amount} is refunded to your card.`,
  );
  await expect(status).not.toContainText('Payment completed successfully!');
  await expect(second.getByTestId('refunded-note')).toBeVisible();
  await second.close();

  // The order list: paid once, the refunded second payment beside it.
  await page.goto('/account');
  const item = page.locator(`[data-testid="order-item"][data-order-number="${number}"]`);
  await expect(item.getByTestId('order-refund')).toHaveText(
    `This order was paid twice; the second payment of ${amount} is refunded to your card.`,
  );
  await expect(item).toContainText('Paid');
});
