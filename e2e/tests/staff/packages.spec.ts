import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, withLanguage } from '../../fixtures';
import { siteURL } from '../../fixtures/urls';
import { loginAsStaff } from './staff-session';

// Issue 32, packages: an analytics user raises a package's price and the public country page shows it, and a
// price below the minimum margin asks for the confirmation (ADR 0052); the packages screens in English at
// desktop width and in Albanian at phone width, axe on each.

const listSettled = (page: Page) => expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

// Saint Lucia's smallest package: no other journey buys it or reads its price.
const code = 'SBX-LC-1GB-7D';

test('analytics raises a package’s price; the public country page shows the new price', async ({
  page,
  browser,
  analytics,
}) => {
  test.slow();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await withLanguage(page, 'en');
  await loginAsStaff(page, analytics);

  await page.goto(`/global-packages/all?q=${code}`);
  await listSettled(page);
  const row = page.getByTestId('list-row');
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('sync-diff')).toBeVisible();
  await expectNoAxeViolations(page);

  await row.getByRole('link').first().click();
  const detail = page.getByTestId('package-detail');
  await expect(detail).toBeVisible();
  const slug = await detail.getByTestId('package-slug').textContent();
  const priceInput = detail.getByRole('textbox', { name: 'Price', exact: true });
  // A price of its own each run (cents from the clock), well above cost and margin.
  const cents = 1_000 + (Date.now() % 900);
  const price = `€${(cents / 100).toFixed(2)}`;
  await priceInput.fill((cents / 100).toFixed(2));
  await detail.getByRole('button', { name: 'Save package' }).click();
  // The history says who changed what (the form starts again from the saved version).
  await expect(detail.getByTestId('history')).toContainText(`Edited`);
  await expect(detail.getByTestId('history').getByRole('listitem').first()).toContainText(`→ ${price}`);
  await expectNoAxeViolations(page);

  // A visitor (a browser of their own) sees the new price on the country page.
  const visitor = await browser.newContext({ baseURL: siteURL });
  const site = await visitor.newPage();
  await withLanguage(site, 'en');
  await expect(async () => {
    await site.goto('/countries/lc');
    await expect(site.locator(`[data-testid="package-card"][data-slug="${slug}"]`)).toContainText(price);
  }).toPass({ timeout: 10_000 });
  await visitor.close();

  // Below cost plus the minimum margin: refused under the price, and the confirmation appears.
  await priceInput.fill('0.10');
  await detail.getByRole('button', { name: 'Save package' }).click();
  await expect(detail.getByTestId('confirm-below-margin')).toBeVisible();
  await expect(priceInput).toHaveAttribute('aria-invalid', 'true');
});

test('the packages screens in Albanian at phone width and in English at desktop width; axe finds nothing', async ({
  page,
  analytics,
}) => {
  test.slow();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await loginAsStaff(page, analytics);
  const screens = [
    '/global-packages/all',
    '/global-packages/add',
    '/global-packages/reseller-packages',
    '/global-packages/add-reseller-packages',
    '/global-packages/offers-packages',
    '/global-packages/popular-packages',
  ];
  for (const [locale, width] of [
    ['sq', 390],
    ['en', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate((value) => window.localStorage.setItem('languagePreference', value), locale);
    for (const path of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await listSettled(page);
      await expectNoAxeViolations(page);
    }
  }

  // The popular list by keyboard: the first package moves down, is announced, and the order saves.
  await page.evaluate(() => window.localStorage.setItem('languagePreference', 'sq'));
  await page.goto('/global-packages/popular-packages');
  const items = page.getByTestId('order-item');
  const first = (await items.first().getByTestId('order-name').textContent()) ?? '';
  await items.first().getByTestId('order-down').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('order-announcement')).toContainText(`${first} tani është numri 2`);
  await expect(items.nth(1)).toContainText(first);
  await page.getByTestId('order-save').click();
  await expect(
    page.getByText('Renditja u ruajt; faqja kryesore e shfaq brenda pak sekondash.'),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('order-item').nth(1)).toContainText(first);
});
