import { expect, firstLink, test, uniqueEmail, uniquePhone, waitForMail, withLanguage } from '../../fixtures';
import { loginCustomer, logoutFromMenu } from './helpers';

// Each test signs in with its own customer (the `customer` fixture), deleted when the test ends.

test.beforeEach(async ({ page }) => {
  await withLanguage(page, 'en');
});

test('a customer edits the profile: name, phone, country and how the data notice arrives', async ({
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
  await form.getByLabel(/^Current password/).fill(customer.password);
  await page.getByTestId('profile-save').click();
  await expect(form.getByText('This email already exists!', { exact: true })).toBeVisible();
  await expect(form.locator('[name="email"]')).toHaveAttribute('aria-invalid', 'true');

  // The e-mail itself changes through its own journey (below); here the address stays.
  const email = customer.email;
  const phone = uniquePhone();
  await form.locator('[name="lastName"]').fill('Hopper');
  await form.locator('[name="email"]').fill(email);
  await expect(form.getByLabel(/^Current password/)).toHaveCount(0);
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
  test.setTimeout(150_000);
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
  // Each try loads the page, hydrates and asks the API (then tries a refresh): 3 s per try was too short on a
  // slower machine, where every try ran out before the page could leave for the login page.
  await expect(async () => {
    await other.goto('/profile');
    await expect(other).toHaveURL(/\/login$/, { timeout: 10_000 });
  }).toPass({ timeout: 45_000 });
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

test('a customer changes the e-mail: current password, a link to the new address, a notice to the old one', async ({
  page,
  customer,
}) => {
  await loginCustomer(page, customer.email, customer.password);
  await page.goto('/profile');
  const form = page.getByTestId('profile-form');
  const newEmail = uniqueEmail('moved');

  await expect(page.getByTestId('profile-current-password')).toHaveCount(0);
  await form.locator('[name="email"]').fill(newEmail);
  await expect(page.getByTestId('email-change-note')).toBeVisible();
  await form.getByLabel(/^Current password/).fill('not-my-password');
  await page.getByTestId('profile-save').click();
  await expect(
    form.getByText('The provided password does not match your current password.', { exact: true }),
  ).toBeVisible();

  await form.getByLabel(/^Current password/).fill(customer.password);
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('form-success')).toHaveText(
    `Your profile has been updated. We sent a confirmation link to ${newEmail}: your e-mail address changes when you open it.`,
  );
  // Not changed yet: the profile still shows the old address.
  await expect(page.getByTestId('profile-email')).toHaveText(customer.email);

  const notice = await waitForMail(customer.email, 'Your e-mail address is being changed');
  expect(notice.text).toContain(newEmail);
  expect(notice.text).toContain('/cancel-email-change?token=');

  const confirmation = await waitForMail(newEmail, 'Confirm your new e-mail address');
  const link = new URL(firstLink(confirmation.text));
  expect(link.pathname).toBe('/confirm-email');
  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId('form-success')).toHaveText(
    `Your e-mail address is now ${newEmail}. Use it to log in.`,
  );

  // The link works once.
  await page.reload();
  await expect(page.getByTestId('form-error')).toHaveText(
    'This e-mail change link is invalid, has expired or has already been used.',
  );

  await page.goto('/profile');
  await expect(page.getByTestId('profile-email')).toHaveText(newEmail);
  await logoutFromMenu(page);
  await loginCustomer(page, newEmail, customer.password);
});
