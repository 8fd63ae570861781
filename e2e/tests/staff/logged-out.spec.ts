import { expect, expectNoAxeViolations, test } from '../../fixtures';

test.describe('staff dashboard, logged out', () => {
  test('protected routes, including parameterised ones, go to /login', async ({ page }) => {
    // A sweep of full page loads, each a cold start of the app.
    test.slow();
    for (const path of ['/', '/orders/all', '/campaigns/edit/4', '/profile', '/change-password']) {
      await page.goto(path);
      await expect(page).toHaveURL('/login');
    }
  });

  test('an unknown route shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  });

  test('a wrong password shows the server message', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('textbox', { name: /e-?mail/i }).fill('nobody@demo.esim');
    await page.getByLabel(/^Password/).fill('Wrong-password-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('form-error')).toHaveText('Your email address or password is incorrect!');
    await expect(page).toHaveURL('/login');
  });

  test('a customer account cannot sign in here', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('textbox', { name: /e-?mail/i }).fill('customer@demo.esim');
    await page.getByLabel(/^Password/).fill('Demo1234!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('form-error')).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  for (const locale of ['en', 'sa'] as const)
    test(`login and not-found pages have no axe violations (${locale})`, async ({ page }) => {
      // axe takes seconds per run on a loaded 2-core machine.
      test.slow();
      await page.addInitScript((code) => window.localStorage.setItem('languagePreference', code), locale);
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'sa' ? 'rtl' : 'ltr');
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: locale === 'sa' ? 'تسجيل الدخول' : 'Log in' }).click();
      await expect(page.getByText(locale === 'sa' ? /مطلوب/ : 'E-mail is required').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto('/no/such/page');
      await expect(page.getByTestId('not-found')).toBeVisible();
      await expectNoAxeViolations(page);
    });
});
