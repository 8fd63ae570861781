import { expect, test, uniqueEmail, uniquePhone, withLanguage } from '../../fixtures';

// A 1x1 PNG for the company logo upload.
const logoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

test('portal register, verification e-mail in the dev mailbox, then portal login', async ({ page }) => {
  await withLanguage(page, 'en');
  const email = uniqueEmail('shop');
  const password = 'Shop-secret-42';

  await page.goto('/portal/register');
  await page.getByLabel('First name').fill('Sara');
  await page.getByLabel('Last name').fill('Seller');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone number').fill(uniquePhone());
  await page.getByLabel('Company name').fill('Sara Travel Shop');
  await page.getByLabel('Shop selling price').fill('abc');
  await page.getByRole('button', { name: 'Register shop' }).click();
  await expect(page.getByText('Shop selling price must be a number')).toBeVisible();

  await page.getByLabel('Shop selling price').fill('20');
  await page
    .getByLabel('Company logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng });
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Register shop' }).click();
  await expect(page.getByTestId('form-success')).toBeVisible();

  // Not verified yet: portal login is refused.
  await page.goto('/portal/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/portal\/login$/);

  await page.goto('/dev/mailbox');
  const message = page.getByTestId('outbox-message').filter({ hasText: email }).first();
  await expect(message).toBeVisible();
  await message.getByRole('link', { name: /verify-email\?token=/ }).click();
  await expect(page).toHaveURL(/\/portal\/verify-email\?token=/);
  await expect(page.getByTestId('form-success')).toBeVisible();

  await page.getByRole('link', { name: 'Go to the portal login' }).click();
  await expect(page).toHaveURL(/\/portal\/login$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByTestId('portal-shop')).toHaveText('Sara Travel Shop');

  // The home's two daily actions, found by role and name on the page (the menu beside it has links of the same
  // names), open their screens.
  const home = page.getByRole('region', { name: 'Reseller portal' });
  await home.getByRole('link', { name: 'New subscriber' }).click();
  await expect(page).toHaveURL(/\/portal\/new-subscriber$/);
  await page.goBack();
  await home.getByRole('link', { name: 'Top up credits' }).click();
  await expect(page).toHaveURL(/\/portal\/top-up$/);
  await page.goBack();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/portal\/login$/);
});

test('a stale or unknown verification link shows an error', async ({ page }) => {
  await withLanguage(page, 'en');
  await page.goto('/portal/verify-email?token=unknown-token');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the portal login' })).toBeVisible();
});
