import { demoPassword, expect, holdScripts, test, withLanguage } from '../../fixtures';
import { loginCustomer, logoutFromMenu, registerCustomer } from './helpers';

test.beforeEach(async ({ page }) => {
  await withLanguage(page, 'en');
});

test('a visitor registers, logs out and logs in again', async ({ page }) => {
  const customer = await registerCustomer(page);
  expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeTruthy();

  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-email')).toHaveText(customer.email);

  await logoutFromMenu(page);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  await loginCustomer(page, customer.email, customer.password);
  await logoutFromMenu(page);
  await expect(page).toHaveURL(/\/login$/);

  // Protected pages send logged-out visitors to the login page, and back after logging in.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail').fill(customer.email);
  await page.getByLabel(/^Password/).fill(customer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // Login-only pages send signed-in users home.
  await page.goto('/register');
  await expect(page).toHaveURL(/\/$/);
});

test('a wrong password shows the SPEC message and keeps what was typed', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('customer@demo.esim');
  await page.getByLabel(/^Password/).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your email address or password is incorrect!');
  await expect(page.getByLabel('E-mail')).toHaveValue('customer@demo.esim');
});

test('what a visitor types into the login form before its scripts arrive is kept, and logs in', async ({
  page,
}) => {
  // A slow network: the server-rendered form shows first, and the visitor (or the browser's autofill) types into it.
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('E-mail').fill('customer@demo.esim');
  await page.getByLabel(/^Password/).fill(demoPassword);
  release();
  // The button waits for the scripts; hydration keeps both fields.
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
});

test('client-side validation shows the SPEC wording per field', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByLabel(/^Password/).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Invalid E-mail format')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue('not-an-email');
});

test('an e-mail that is already registered is reported by the server', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('First name').fill('Demo');
  await page.getByLabel('Last name').fill('Again');
  await page.getByLabel('E-mail').fill('customer@demo.esim');
  await page.getByLabel('Phone number').fill('+355 69 765 4321');
  await page.getByLabel(/^Password/).fill('Another-pass-1');
  await page.getByLabel('Confirm password').fill('Another-pass-1');
  await page.getByRole('button', { name: 'Register' }).click();
  // Shown once, under the field it concerns.
  await expect(page.getByText('This email already exists!')).toHaveCount(1);
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('First name')).toHaveValue('Demo');
});

test('a failed logout call clears nothing and is only logged', async ({ page }) => {
  await registerCustomer(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route('**/api/auth/logout', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"code":"INTERNAL","message":"down"}',
    }),
  );
  await logoutFromMenu(page);
  await expect.poll(() => errors.some((text) => text.includes('Logout failed'))).toBe(true);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeTruthy();
});

test('a customer is kept out of the portal and a visitor out of the customer pages', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/portal');
  await expect(page).toHaveURL(/\/portal\/login$/);
  await registerCustomer(page);
  await page.goto('/portal');
  // /portal sends the customer to the portal login, which sends a signed-in customer home.
  await expect(page).toHaveURL(/\/$/);
});
