import { expect, test, withLanguage } from '../../fixtures';
import { loginCustomer, logoutFromMenu, registerCustomer } from './helpers';

test('forgot password: e-mail in the dev mailbox, reset, login with the new password', async ({ page }) => {
  await withLanguage(page, 'en');
  const customer = await registerCustomer(page);
  await logoutFromMenu(page);
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('E-mail').fill('nobody-here@example.test');
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText("Email doesn't exist!")).toBeVisible();

  await page.getByLabel('E-mail').fill(customer.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password reset link' })).toHaveText(
    'Password reset link has been sent to your email!',
  );

  await page.goto('/dev/mailbox');
  const message = page.getByTestId('outbox-message').filter({ hasText: customer.email }).first();
  await expect(message).toBeVisible();
  await message.getByRole('link', { name: /reset-password\?token=/ }).click();
  await expect(page).toHaveURL(/\/reset-password\?token=/);

  const newPassword = 'Brand-new-pass-9';
  await page.getByLabel(/^Password/).fill(newPassword);
  await page.getByLabel('Confirm password').fill('something-else-1');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Password and Confirm Password do not match!')).toBeVisible();

  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await page.getByRole('link', { name: 'Go to login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('E-mail').fill(customer.email);
  await page.getByLabel(/^Password/).fill(customer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your email address or password is incorrect!');

  await loginCustomer(page, customer.email, newPassword);
});
