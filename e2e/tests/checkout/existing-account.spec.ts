import { demoPassword, expect, test, uniquePhone, withLanguage } from '../../fixtures';
import { localPackageSlug, submitOrder } from './helpers';

/** The seeded demo customer (packages/db/src/seed/demo.ts). */
const demoCustomer = { email: 'customer@demo.esim', phone: '+355691112233' };

test.beforeEach(async ({ page }) => {
  await withLanguage(page, 'en');
});

test('a signed-out buyer using an existing account e-mail is offered to log in and comes back with details filled in', async ({
  page,
}) => {
  await page.goto(`/order/${localPackageSlug}`);
  await submitOrder(page, { fullName: 'Someone Else', email: demoCustomer.email, phone: uniquePhone() });
  const form = page.getByTestId('order-form');
  const email = form.locator('[name="email"]');
  await expect(form.getByText('This email already exists!', { exact: true })).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(`/order/${localPackageSlug}`);

  const offer = page.getByTestId('email-taken-login');
  await expect(offer).toContainText('Already have an account with this e-mail address?');
  await offer.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Inside the login form: the order page's form has an E-mail field too.
  const login = page.getByTestId('login-form');
  await login.getByLabel('E-mail').fill(demoCustomer.email);
  await login.getByLabel(/^Password/).fill(demoPassword);
  await login.getByRole('button', { name: 'Log in' }).click();

  // Back on the order page, signed in, with the account's details.
  await expect(page).toHaveURL(`/order/${localPackageSlug}`);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await expect(form.locator('[name="email"]')).toHaveValue(demoCustomer.email);
  await expect(form.locator('[name="fullName"]')).not.toHaveValue('');
  await expect(page.getByTestId('phone-input')).not.toHaveValue('');
  await expect(page.getByTestId('email-taken-login')).toHaveCount(0);
});

test("a signed-out buyer using an existing account's phone number is told so under the field", async ({
  page,
}) => {
  await page.goto(`/order/${localPackageSlug}`);
  await submitOrder(page, {
    fullName: 'Someone Else',
    email: `phone-check-${Date.now()}@example.test`,
    phone: demoCustomer.phone,
  });
  const form = page.getByTestId('order-form');
  await expect(form.getByText('This phone number already exists!', { exact: true })).toBeVisible();
  await expect(page.getByTestId('phone-input')).toHaveAttribute('aria-invalid', 'true');
});

test('an unknown package answers 404', async ({ page }) => {
  const response = await page.goto('/order/no-such-package');
  expect(response?.status()).toBe(404);
});
