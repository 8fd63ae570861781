import {
  createTestOrder,
  createTestUser,
  expect,
  expectNoAxeViolations,
  test,
  uniqueEmail,
  withLanguage,
} from '../../fixtures';
import { siteURL } from '../../fixtures/urls';
import { loginAsStaff } from './staff-session';

// Issue 31: the orders screens (all orders, for review, failed transactions) and the order's page beside them.

test('a failed fulfilment: the buyer is contacted, the order retried from failed transactions, and the customer sees the QR code', async ({
  page,
  admin,
  browser,
}) => {
  test.slow();
  // The buyer's account keeps its order afterwards, so it is not a fixture (fixtures delete their accounts).
  const customer = await createTestUser({ kind: 'customer' });
  const order = await createTestOrder('failed', { buyerEmail: customer.email, userId: customer.id });
  await loginAsStaff(page, admin);
  await page.evaluate(() => window.localStorage.setItem('languagePreference', 'en'));
  await page.goto(`/orders/failed-transactions?q=${encodeURIComponent(customer.email)}`);
  const list = page.getByTestId('list-failed-orders');
  await expect(list.getByTestId('list-row')).toHaveCount(1);

  // The order's page opens beside the list, at a URL of its own.
  await list.getByRole('link', { name: order.number }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]order=${order.id}`));
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('order-status')).toHaveText('Failed');

  // Contact the buyer: once; a second click within the window sends nothing more.
  for (const toast of [
    `The e-mail to ${customer.email} is on its way.`,
    /The buyer was e-mailed 1 min ago; no second e-mail was sent\./,
  ]) {
    await detail.getByTestId('order-contact-buyer').click();
    await page.getByTestId('order-contact-buyer-confirm').click();
    await expect(page.getByTestId('toast').last()).toHaveText(toast);
  }
  await expect(detail.getByTestId('order-timeline')).toContainText('Staff: wrote to the buyer');
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);

  // Retry from the list (its bulk action); the fulfilment job delivers the eSIM.
  await list.getByRole('checkbox', { name: 'Select this row' }).check();
  await list.getByTestId('retry-fulfilment').click();
  await expect(page.getByTestId('retry-queued')).toHaveText('1 orders queued for fulfilment again.');
  await page.goto(`/orders/all?q=${order.number}&order=${order.id}`);
  await expect(async () => {
    await page.reload();
    await expect(detail.getByTestId('order-status')).toHaveText('Completed', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(detail.getByTestId('order-esims')).toContainText('sold with this order');
  await expect(detail.getByTestId('order-timeline')).toContainText('Staff: retried the delivery');

  // The customer now has the QR code in their account, in a browser of their own: on one host the two apps'
  // ports would share the staff member's cookies (in production they are two hosts).
  const site = await browser.newContext({ baseURL: siteURL });
  const buyer = await site.newPage();
  await withLanguage(buyer, 'en');
  await buyer.goto('/login');
  const form = buyer.getByRole('main').locator('form');
  await form.locator('[name="email"]').fill(customer.email);
  await form.locator('[name="password"]').fill(customer.password);
  await form.locator('button[type="submit"]').click();
  await expect(buyer).toHaveURL(/\/$/);
  await expect(buyer.getByTestId('account-menu')).toBeVisible();
  await buyer.goto('/account/qr-code');
  await expect(buyer.getByTestId('esim-qr')).toBeVisible();
  await site.close();
});

test('an order in review is approved with a reason (in Albanian) and is fulfilled', async ({
  page,
  admin,
}) => {
  test.slow();
  const order = await createTestOrder('in-review', { buyerEmail: uniqueEmail('review') });
  await loginAsStaff(page, admin);
  await page.evaluate(() => window.localStorage.setItem('languagePreference', 'sq'));
  await page.goto(`/orders/for-review?q=${order.number}`);
  const list = page.getByTestId('list-review-orders');
  await expect(list.getByTestId('list-row')).toHaveCount(1);
  await expect(list.getByTestId('list-row')).toContainText('Shuma e paguar ndryshon');
  await list.getByRole('link', { name: order.number }).click();
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('order-status')).toHaveText('Në shqyrtim');

  // Approve asks for a reason; the order is queued for the same fulfilment job as any paid order.
  await detail.getByTestId('order-approve').click();
  await page.getByTestId('order-approve-reason').fill('Banka konfirmoi shumën e plotë');
  await page.getByTestId('order-approve-confirm').click();
  await expect(page.getByTestId('toast').last()).toHaveText(
    `Porosia ${order.number} u miratua dhe pret dorëzimin.`,
  );
  await expect(async () => {
    await page.reload();
    await expect(detail.getByTestId('order-status')).toHaveText('E përfunduar', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(detail.getByTestId('order-timeline')).toContainText(
    'Stafi: miratoi porosinë — arsyeja: Banka konfirmoi shumën e plotë',
  );
  // It has left the list, and its actions with it.
  await expect(list.getByTestId('list-empty')).toBeVisible();
  await expect(detail.getByTestId('order-approve')).toHaveCount(0);
});

for (const [locale, width] of [
  ['sq', 390],
  ['en', 1280],
] as const) {
  test(`orders screens: no axe violations in ${locale} at ${width} px`, async ({ page, admin }) => {
    test.slow();
    const inReview = await createTestOrder('in-review', { buyerEmail: uniqueEmail('axe') });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width, height: 900 });
    await loginAsStaff(page, admin);
    await page.evaluate((code) => window.localStorage.setItem('languagePreference', code), locale);
    for (const path of [
      `/orders/all?order=${inReview.id}`,
      `/orders/for-review?q=${inReview.number}`,
      '/orders/failed-transactions',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      if (path.includes('order=')) await expect(page.getByTestId('order-timeline')).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
}
