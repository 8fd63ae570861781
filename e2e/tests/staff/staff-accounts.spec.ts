import { expect, expectNoAxeViolations, firstLink, test, uniqueEmail, waitForMail } from '../../fixtures';
import { loginAsStaff, loginThroughForm, sidebarEntries } from './staff-session';

// Issue 12: an admin creates an editor, who chooses a password from the invitation and sees only the client
// screens; the admin then deactivates them from manage roles, and their login is refused.

test('admin invites an editor, the editor sets a password and sees the client screens; deactivated, they cannot log in', async ({
  page,
  browser,
  admin,
}) => {
  test.slow();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const email = uniqueEmail('invited-editor');
  await loginAsStaff(page, admin);
  await page.goto('/staff/create-user');
  const form = page.getByTestId('create-staff-member-form');
  await form.getByRole('button', { name: 'Create user and send invitation' }).click();
  await expect(form.getByText('First name is required')).toBeVisible();
  await form.getByLabel(/^First name/).fill('Teuta');
  await form.getByLabel(/^Last name/).fill('Krasniqi');
  await form.getByLabel(/^E-mail/).fill(email);
  await form.getByLabel(/^Role/).selectOption('editor');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Create user and send invitation' }).click();
  await expect(page.getByTestId('toast')).toHaveText(
    'Teuta Krasniqi can now use the staff dashboard: we e-mailed them a link to choose a password.',
  );

  // The editor, in their own browser: the invitation link, a password, then login.
  const mail = await waitForMail(email, 'staff dashboard');
  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  await editor.goto(firstLink(mail.text));
  await editor.getByLabel(/^Password/).fill('Editor-pass-2026');
  await editor.getByLabel(/^Confirm password/).fill('Editor-pass-2026');
  await editor.getByRole('button', { name: 'Save password' }).click();
  await editor.getByTestId('set-password-login').click();
  await loginThroughForm(editor, { email, password: 'Editor-pass-2026' });
  expect(await sidebarEntries(editor)).toEqual(['nav-group-clients', 'nav-group-facebook']);
  await editor.goto('/staff/manage-roles');
  await expect(editor).toHaveURL(/\/$/);
  await editorContext.close();

  // Manage roles: find them, deactivate (confirmed), and their login is refused.
  await page.goto(`/staff/manage-roles?q=${encodeURIComponent(email)}`);
  await expect(page.getByTestId('list-row')).toHaveCount(1);
  await page.getByTestId('list-row').getByRole('link', { name: 'Teuta Krasniqi' }).click();
  const detail = page.getByTestId('staff-member-detail');
  await expect(detail.getByTestId('staff-status')).toHaveText('Active');
  await expectNoAxeViolations(page);
  await detail.getByTestId('staff-deactivate').click();
  await page.getByTestId('staff-deactivate-confirm').click();
  await expect(detail.getByTestId('staff-status')).toHaveText('Deactivated');
  await expect(detail.getByTestId('history').getByRole('listitem').first()).toContainText(
    'Deactivated Active → Deactivated',
  );
  const refused = await page.request.post('/api/staff/auth/login', {
    data: { email, password: 'Editor-pass-2026' },
  });
  expect(refused.status()).toBe(403);
});
