import { expect, expectFlagDrawing, holdScripts, test, waitForHydration } from '../../fixtures';

test('the chosen language survives a reload and Arabic is right to left', async ({ page }) => {
  // No saved choice: the country lookup decides (localhost has no country, so English).
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await waitForHydration(page, '[data-testid="language-picker"]');
  await page.getByTestId('language-picker').click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveCount(12);
  await expectFlagDrawing(page.getByTestId('language-picker').locator('img'), 'gb');
  await expectFlagDrawing(menu.getByRole('menuitem', { name: 'Deutsch' }).locator('img'), 'de');
  await menu.getByRole('menuitem', { name: 'Deutsch' }).click();

  // Applied without a reload.
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  // The destination lists hydration left as the server drew them are drawn again in the new language (ADR 0028).
  await expect(page.getByTestId('tab-local-list').getByRole('link', { name: /^Deutschland/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('languagePreference'))).toBe('de');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Mobile Daten/);

  await waitForHydration(page, '[data-testid="language-picker"]');
  await page.getByTestId('language-picker').click();
  await page.getByRole('menuitem', { name: 'Arabic' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');

  // Server-rendered in Arabic after a reload (the choice is mirrored in the `lang` cookie).
  const response = await page.reload();
  expect(await response?.text()).toContain('<html lang="ar" dir="rtl"');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();

  // API messages follow the language too (Accept-Language).
  await page.goto('/login');
  await page.getByLabel('البريد الإلكتروني', { exact: false }).fill('customer@demo.esim');
  await page.locator('input[type="password"]').fill('wrong-password');
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page.getByRole('alert')).not.toHaveText('Your email address or password is incorrect!');
  await expect(page.getByRole('alert')).not.toBeEmpty();
});

test('a visitor who lands in the wrong language can switch before the scripts arrive, and the choice is kept', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/faq', { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The server-rendered list opens without scripts; its items are links to this page in that language.
  await page.getByTestId('language-picker').click();
  await page.getByRole('banner').getByRole('link', { name: 'Shqip' }).click();
  await expect(page).toHaveURL(/\/faq\?lang=sq$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sq');
  await expect(page.getByRole('link', { name: 'Pyetje të shpeshta' }).first()).toBeVisible();
  release();
  // Once the scripts run, the choice is saved: the next page without ?lang= is Albanian too.
  await waitForHydration(page, '[data-testid="language-picker"]');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('languagePreference'))).toBe('sq');
  const response = await page.goto('/');
  expect(await response?.text()).toContain('<html lang="sq"');
});

test('?lang= renders the page in that language on the server', async ({ page }) => {
  const response = await page.goto('/login?lang=fr');
  expect(await response?.text()).toContain('<html lang="fr" dir="ltr"');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion');
});
