import {
  expect,
  expectNoAxeViolations,
  firstLink,
  siteURL,
  test,
  uniqueEmail,
  waitForMail,
} from '../../fixtures';
import { loginAsStaff } from './staff-session';

// Issue 31: an admin order reaches the customer. Staff give a package to an e-mail without an account; the new
// customer chooses a password from the e-mail, logs in and sees the eSIM's QR code (ADR 0043).
test('an admin order reaches a new customer, who sees its QR code; the screen passes axe in en and sq', async ({
  page,
  admin,
  browser,
}) => {
  test.slow();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAsStaff(page, admin);
  await page.goto('/orders/admin-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin orders' })).toBeVisible();
  const form = page.getByTestId('create-admin-order-form');
  const packageSelect = form.getByLabel(/^Package/);
  await expect(packageSelect.locator('option')).not.toHaveCount(1);
  await expectNoAxeViolations(page);

  // Bad input is refused before anything is sent, in words.
  await form.getByLabel(/^Customer e-mail/).fill('not-an-address');
  await form.getByRole('button', { name: 'Create order' }).click();
  await expect(form.getByText('Invalid Customer e-mail format')).toBeVisible();
  await expect(form.getByText('Reason is required')).toBeVisible();

  const email = uniqueEmail('admin-order');
  const reason = 'Compensation: the first eSIM never connected';
  await form.getByLabel(/^Customer e-mail/).fill(email);
  await form.getByLabel(/^Customer name/).fill('Besa Gashi');
  await packageSelect.selectOption({ index: 1 });
  await form.getByLabel(/^Language of the customer/).selectOption('en');
  await form.getByLabel(/^Reason/).fill(reason);
  await form.getByRole('button', { name: 'Create order' }).click();
  await expect(page.getByTestId('form-success')).toContainText(`for ${email}`);

  // Listed with the staff member and the reason.
  const list = page.getByTestId('list-admin-orders');
  await list.getByTestId('list-search').fill(email);
  await expect(list.getByTestId('list-row')).toHaveCount(1);
  await expect(list.getByTestId('list-row')).toContainText(reason);
  await expect(list.getByTestId('list-row')).toContainText(`${admin.firstName} ${admin.lastName}`);
  const number = (await page.getByTestId('form-success').textContent())?.match(/ES-[A-Z0-9-]+/)?.[0] ?? '';
  expect(number).not.toBe('');

  // The customer: the usual confirmation e-mail, and an account with an e-mail to choose a password.
  await waitForMail(email, number, 30_000);
  const welcome = await waitForMail(email, 'choose a password');
  const site = await browser.newContext({ baseURL: siteURL });
  const customer = await site.newPage();
  await customer.goto(firstLink(welcome.text));
  const password = 'Gifted-by-staff-2026';
  await customer.getByLabel(/^Password/).fill(password);
  await customer.getByLabel('Confirm password').fill(password);
  await customer.getByRole('button', { name: 'Save new password' }).click();
  await customer.getByRole('link', { name: 'Go to login' }).click();
  await customer.getByLabel('E-mail').fill(email);
  await customer.getByLabel(/^Password/).fill(password);
  await customer.getByRole('button', { name: 'Log in' }).click();
  await expect(customer.getByTestId('account-menu')).toBeVisible();
  await customer.goto('/account/qr-code');
  await expect(customer.getByTestId('esim-qr-code')).toBeVisible();
  await site.close();

  // Albanian at phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.localStorage.setItem('languagePreference', 'sq'));
  await page.goto(`/orders/admin-orders?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Porositë e adminit');
  await expect(page.getByTestId('list-row')).toHaveCount(1);
  await expectNoAxeViolations(page);
});
