import { expect, test, withLanguage } from '../../fixtures';
import { expectNoFixedElementOverPrimaryActions } from '../../fixtures/layout-checks';
import { findForeignText } from '../../fixtures/locale-text';
import { loginAsDemoCustomer } from './dashboard-helpers';

/** Every dashboard screen and what it is waited on by (as dashboard-accessibility.spec.ts). */
const screens = [
  { path: '/account', ready: 'order-item' },
  { path: '/account/packages', ready: 'esim-package' },
  { path: '/account/buy-package', ready: 'top-up-package' },
  { path: '/account/buy-esim', ready: 'package-card' },
  { path: '/account/qr-code', ready: 'esim-qr' },
  { path: '/account/change-esim', ready: 'change-quote' },
  { path: '/profile', ready: 'profile-form' },
] as const;

/** How each language writes a date and a price (CLDR, as Node's full ICU does); English shapes must not appear. */
const expected = {
  sq: {
    date: /\b\d{1,2} (jan|shk|mar|pri|maj|qer|korr|gush|sht|tet|nën|dhj) \d{4}\b/,
    price: /\d,\d{2}\u00a0€/,
  },
  mk: {
    date: /\b\d{1,2} (јан\.|фев\.|мар\.|апр\.|мај|јун\.|јул\.|авг\.|сеп\.|окт\.|ное\.|дек\.) \d{4} г\./,
    price: /\d,\d{2}\u00a0€/,
  },
  de: { date: /\b\d{2}\.\d{2}\.\d{4}\b/, price: /\d,\d{2}\u00a0€/ },
} as const;
const englishDate = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}\b/;
const englishPrice = /€\s?\d|\d\.\d{2}\s?€/;

// Debian's Chromium has no Intl data for sq and mk: these are the languages that went wrong.
for (const locale of ['sq', 'mk', 'de'] as const) {
  test(`every dashboard screen writes dates and numbers in ${locale}`, async ({ page }) => {
    test.setTimeout(120_000);
    await withLanguage(page, locale);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsDemoCustomer(page);
    const seen = { date: 0, price: 0 };
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.getByTestId(screen.ready).first()).toBeVisible({ timeout: 30_000 });
      const text = await page.getByRole('main').innerText();
      expect(text, screen.path).not.toMatch(englishDate);
      expect(text, screen.path).not.toMatch(englishPrice);
      expect(findForeignText(text, locale), screen.path).toEqual([]);
      if (expected[locale].date.test(text)) seen.date++;
      if (expected[locale].price.test(text)) seen.price++;
      await expectNoFixedElementOverPrimaryActions(page);
    }
    // Orders and packages show dates; orders, top-ups, new eSIMs and the change show prices.
    expect(seen.date).toBeGreaterThanOrEqual(2);
    expect(seen.price).toBeGreaterThanOrEqual(3);
  });
}

test("a language switch on a dashboard screen changes the dashboard's own texts too, without a reload", async ({
  page,
}) => {
  await withLanguage(page, 'en');
  await loginAsDemoCustomer(page);
  // From the home page, which loads no dashboard texts, into the dashboard by the header's menu.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'My account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My account');
  await expect(page.getByTestId('usage-summary')).toBeVisible();

  await page.getByTestId('language-picker').click();
  await page.getByRole('menuitem', { name: 'Shqip' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Llogaria ime');
  await expect(page.getByTestId('usage-summary')).toBeVisible();
  const text = await page.getByRole('main').innerText();
  expect(findForeignText(text, 'sq')).toEqual([]);
});
