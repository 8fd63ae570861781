import { expect, test } from '../../fixtures';
import { loginAsStaff, loginThroughForm } from './staff-session';

// Each test signs in with its own staff account (fixtures), so it may edit it freely and run in parallel.

test('admin profile: validation, update, and the header follows', async ({ page, admin }) => {
  await loginAsStaff(page, admin);
  await page.goto('/profile');
  const form = page.getByTestId('profile-form');
  const firstName = form.getByLabel(/^First name/);
  await expect(firstName).toHaveValue('Drita');

  await firstName.fill('');
  await form.getByLabel(/^E-mail/).fill('not-an-email');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('First name is required')).toBeVisible();
  await expect(form.getByText('Invalid E-mail format')).toBeVisible();
  await expect(form.getByLabel(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');

  // A new e-mail asks for the current password (ADR 0018); another account's e-mail: the server's message goes
  // under the field.
  await firstName.fill('Valbona');
  await form.getByLabel(/^E-mail/).fill('editor@demo.esim');
  await expect(page.getByTestId('email-change-note')).toBeVisible();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    form.getByText('Enter your current password to change your e-mail address.', { exact: true }),
  ).toBeVisible();
  await form.getByLabel(/^Current password/).fill(admin.password);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('This email already exists!', { exact: true })).toBeVisible();

  await form.getByLabel(/^E-mail/).fill(admin.email);
  await expect(form.getByLabel(/^Current password/)).toHaveCount(0);
  await form.getByLabel(/^Phone number/).fill('+355 69 123 4567');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByRole('status')).toHaveText('Your profile has been updated.');
  await expect(page.getByTestId('user-menu')).toHaveText('V');

  await page.reload();
  await expect(form.getByLabel(/^First name/)).toHaveValue('Valbona');
  // The server stores the number in E.164.
  await expect(form.getByLabel(/^Phone number/)).toHaveValue('+355691234567');
});

test('change password: wrong current password, success, and the new password works', async ({
  page,
  analytics,
}) => {
  const newPassword = 'Analytics-New-2026!';
  await loginAsStaff(page, analytics);
  await page.goto('/change-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
  const form = page.getByTestId('change-password-form');

  // Client-side rules first (SPEC section 5 wording).
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Current password is required')).toBeVisible();

  await form.getByLabel(/^Current password/).fill('Not-the-password-1');
  await form.getByLabel(/^New password/).fill(newPassword);
  await form.getByLabel(/^Confirm password/).fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The provided password does not match your current password.')).toBeVisible();

  await form.getByLabel(/^Current password/).fill(analytics.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('form-success')).toHaveText('Password successfully changed.');
  await expect(form.getByLabel(/^Current password/)).toHaveValue('');

  // Log out; the old password fails and the new one works.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByRole('textbox', { name: /e-?mail/i }).fill(analytics.email);
  await page.getByLabel(/^Password/).fill(analytics.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('Your email address or password is incorrect!');
  await loginThroughForm(page, { email: analytics.email, password: newPassword });
});

test('failed transactions: search, sort, column choice and retry from the list kit', async ({
  page,
  admin,
  failedOrder,
}) => {
  await loginAsStaff(page, admin);
  await page.goto('/orders/failed-transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Failed payments' })).toBeVisible();
  const list = page.getByTestId('list-failed-orders');

  // The search goes into the URL and finds this test's order only.
  await list.getByTestId('list-search').fill(failedOrder.buyerEmail);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(failedOrder.buyerEmail)}`));
  await expect(list.getByTestId('list-row')).toHaveCount(1);
  await expect(list.getByTestId('list-row')).toContainText(failedOrder.number);
  await expect(list.getByTestId('list-total')).toHaveText('1 results');

  // Sorting is URL state too; a reload keeps search and sort.
  await list.getByTestId('sort-totalCents').click();
  await expect(page).toHaveURL(/sort=-totalCents/);
  await page.reload();
  await expect(list.getByTestId('list-search')).toHaveValue(failedOrder.buyerEmail);
  await expect(list.getByRole('columnheader', { name: /Total/ })).toHaveAttribute('aria-sort', 'descending');

  // Column choice: a hidden column can be shown.
  await expect(list.getByRole('columnheader', { name: 'Attempts' })).toHaveCount(0);
  await list.getByTestId('list-columns').click();
  await page.getByRole('menuitem', { name: 'Attempts' }).click();
  await page.keyboard.press('Escape');
  await expect(list.getByRole('columnheader', { name: 'Attempts' })).toBeVisible();

  // A search without matches shows the empty state.
  await list.getByTestId('list-search').fill(`${failedOrder.buyerEmail}-nobody`);
  await expect(list.getByTestId('list-empty')).toBeVisible();
  await list.getByTestId('list-search').fill(failedOrder.buyerEmail);
  await expect(list.getByTestId('list-row')).toHaveCount(1);

  // Bulk action: select the row, retry its fulfilment.
  await list.getByRole('checkbox', { name: 'Select this row' }).check();
  await expect(list.getByTestId('list-bulk-actions')).toContainText('1 selected');
  await list.getByTestId('retry-fulfilment').click();
  await expect(page.getByTestId('retry-queued')).toHaveText('1 orders queued for fulfilment again.');
});

test('failed transactions are for admins only', async ({ page, editor }) => {
  await loginAsStaff(page, editor);
  await page.goto('/orders/failed-transactions');
  await expect(page).toHaveURL(/\/$/);
});
