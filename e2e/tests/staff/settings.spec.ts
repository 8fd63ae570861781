import type { Browser } from '@playwright/test';
import { expect, expectNoAxeViolations, test, withLanguage } from '../../fixtures';
import { siteURL } from '../../fixtures/urls';
import { loginAsStaff } from './staff-session';

// Issue 32, settings: the general options change what the site shows within seconds and every change can be
// undone; the settings screens pass axe in Albanian on a phone and in English on a laptop.

/** The site in a browser of its own (the staff member's cookies stay on the dashboard). */
const footerWhatsapp = async (browser: Browser) => {
  const context = await browser.newContext({ baseURL: siteURL });
  const page = await context.newPage();
  await withLanguage(page, 'en');
  await page.goto('/');
  const href = await page
    .getByRole('contentinfo')
    .getByRole('link', { name: /WhatsApp/ })
    .getAttribute('href');
  await context.close();
  return href;
};

test('the WhatsApp number changed in the general options appears in the site footer; restoring undoes it', async ({
  page,
  admin,
  browser,
}) => {
  test.slow();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await loginAsStaff(page, admin);
  await page.evaluate(() => window.localStorage.setItem('languagePreference', 'en'));
  await page.goto('/settings');
  await page.getByRole('link', { name: 'General options' }).click();
  const form = page.getByTestId('general-options-form');
  const whatsapp = form.getByLabel(/^WhatsApp number/);
  await expect(whatsapp).not.toHaveValue('');
  const before = await whatsapp.inputValue();
  // A number of this run's own: digits from the clock, in Albania's mobile range.
  const digits = String(Date.now()).slice(-7);
  const number = `+35569${digits}`;

  await whatsapp.fill('not a number');
  await page.getByTestId('general-options-save').click();
  await expect(form.getByText('Invalid WhatsApp number format')).toBeVisible();

  await whatsapp.fill(number);
  await page.getByTestId('general-options-save').click();
  await expect(form.getByRole('status')).toHaveText('Settings saved.');
  await expect
    .poll(() => footerWhatsapp(browser), { timeout: 15_000 })
    .toBe(`https://wa.me/${number.slice(1)}`);

  // The history names who saved; the version before this one comes back as a new version.
  const versions = page.getByTestId('versions');
  await expect(versions.getByRole('listitem').first()).toContainText('Drita Berisha');
  const previous = versions.getByRole('listitem').nth(1);
  const restore = previous.getByRole('button', { name: 'Restore' });
  await restore.click();
  await expectNoAxeViolations(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('toast').first()).toContainText(/Version \d+ restored\./);
  await expect(whatsapp).toHaveValue(before);
  await expect(versions.getByRole('listitem').first()).toContainText('restored version');
  await expect
    .poll(() => footerWhatsapp(browser), { timeout: 15_000 })
    .toBe(`https://wa.me/${before.replace(/\D/g, '')}`);
});

const screens = [
  '/settings',
  '/settings/general-options',
  '/settings/esims-to-be-free',
  '/settings/freed-esims',
  '/settings/privacy-policy',
  '/settings/terms-and-conditions',
];

for (const [locale, width] of [
  ['sq', 390],
  ['en', 1280],
] as const) {
  test(`settings screens: no axe violations in ${locale} at ${width} px`, async ({ page, admin }) => {
    test.slow();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width, height: 900 });
    await loginAsStaff(page, admin);
    await page.evaluate((code) => window.localStorage.setItem('languagePreference', code), locale);
    for (const path of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      if (path.includes('options')) await expect(page.getByTestId('general-options-form')).toBeVisible();
      if (path.includes('policy') || path.includes('terms'))
        await expect(page.getByTestId('policy-form')).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
}

test('an editor edits the terms in English and the public terms page shows them', async ({
  page,
  editor,
  browser,
}) => {
  test.slow();
  await loginAsStaff(page, editor);
  await page.evaluate(() => window.localStorage.setItem('languagePreference', 'en'));
  await page.goto('/settings/terms-and-conditions');
  await page.getByTestId('policy-locale').selectOption('en');
  const form = page.getByTestId('policy-form');
  const title = `Terms ${Date.now().toString(36)}`;
  await form.getByLabel(/^Title/).fill(title);
  await page.getByTestId('policy-save').click();
  await expect(form.getByRole('status')).toHaveText('Settings saved.');

  const context = await browser.newContext({ baseURL: siteURL });
  const site = await context.newPage();
  await withLanguage(site, 'en');
  await site.goto('/terms');
  await expect(site.getByRole('heading', { level: 1 })).toHaveText(title);
  await context.close();
});
