import { expect, test, uniqueEmail, uniquePhone, withLanguage } from '../../fixtures';
import { loginCustomer, logoutFromMenu } from './helpers';

// Each test signs in with its own customer (the `customer` fixture), deleted when the test ends.

test.beforeEach(async ({ page }) => {
  await withLanguage(page, 'en');
});

test('a customer edits the profile: name, e-mail, phone, country and how the data notice arrives', async ({
  page,
  customer,
}) => {
  await loginCustomer(page, customer.email, customer.password);
  await page.goto('/profile');
  const form = page.getByTestId('profile-form');
  await expect(form.locator('[name="firstName"]')).toHaveValue('Ada');
  await expect(page.getByTestId('alert-email')).toBeChecked();

  // Client rules and a server conflict, each under its field; nothing is saved.
  await form.locator('[name="firstName"]').fill('');
  await form.locator('[name="email"]').fill('customer@demo.esim');
  await page.getByTestId('profile-save').click();
  await expect(form.getByText('First name is required', { exact: true })).toBeVisible();
  await form.locator('[name="firstName"]').fill('Grace');
  await page.getByTestId('profile-save').click();
  await expect(form.getByText('This email already exists!', { exact: true })).toBeVisible();
  await expect(form.locator('[name="email"]')).toHaveAttribute('aria-invalid', 'true');

  const email = uniqueEmail('profile');
  const phone = uniquePhone();
  await form.locator('[name="lastName"]').fill('Hopper');
  await form.locator('[name="email"]').fill(email);
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('country-select').selectOption('DE');
  await page.getByTestId('alert-sms').check();
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('form-success')).toHaveText('Your profile has been updated.');
  await expect(page.getByTestId('profile-name')).toHaveText('Grace Hopper');
  await expect(page.getByTestId('profile-email')).toHaveText(email);
  await expect(page.getByTestId('account-menu')).toHaveAccessibleName(/Grace Hopper/);

  // Saved on the server: a reload shows the same.
  await page.reload();
  await expect(form.locator('[name="firstName"]')).toHaveValue('Grace');
  await expect(form.locator('[name="lastName"]')).toHaveValue('Hopper');
  await expect(form.locator('[name="email"]')).toHaveValue(email);
  await expect(page.getByTestId('phone-input')).toHaveValue(/\d/);
  expect((await page.getByTestId('phone-input').inputValue()).replace(/\D/g, '')).toBe(
    phone.replace(/\D/g, ''),
  );
  await expect(page.getByTestId('country-select')).toHaveValue('DE');
  await expect(page.getByTestId('alert-sms')).toBeChecked();
});

test('a customer changes the password: other sessions end and the new password logs in', async ({
  page,
  browser,
  customer,
}) => {
  test.setTimeout(90_000);
  await loginCustomer(page, customer.email, customer.password);

  // The same account signed in on another device.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await withLanguage(other, 'en');
  await loginCustomer(other, customer.email, customer.password);

  await page.goto('/profile');
  const form = page.getByTestId('change-password-form');
  const newPassword = 'Roaming-2027!';
  await form.getByLabel(/^Current password/).fill('not-my-password');
  await form.getByLabel(/^New password/).fill(newPassword);
  await form.getByLabel(/^Confirm password/).fill(newPassword);
  await page.getByTestId('change-password-submit').click();
  await expect(
    form.getByText('The provided password does not match your current password.', { exact: true }),
  ).toBeVisible();

  await form.getByLabel(/^Current password/).fill(customer.password);
  await form.getByLabel(/^New password/).fill(newPassword);
  await form.getByLabel(/^Confirm password/).fill('something-else');
  await page.getByTestId('change-password-submit').click();
  await expect(form.getByText('Passwords must match', { exact: true })).toBeVisible();

  await form.getByLabel(/^Confirm password/).fill(newPassword);
  await page.getByTestId('change-password-submit').click();
  await expect(form.getByTestId('form-success')).toHaveText('Password successfully changed.');
  await expect(form.getByLabel(/^Current password/)).toHaveValue('');

  // This session goes on; the other device's session has ended (at the latest when its token expires).
  await page.goto('/account');
  await expect(page.getByTestId('account-nav')).toBeVisible();
  await expect(async () => {
    await other.goto('/profile');
    await expect(other).toHaveURL(/\/login$/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await otherContext.close();

  // The old password no longer works; the new one does.
  await logoutFromMenu(page);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail').fill(customer.email);
  await page.getByLabel(/^Password/).fill(customer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your email address or password is incorrect!');
  await loginCustomer(page, customer.email, newPassword);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-email')).toHaveText(customer.email);
});
