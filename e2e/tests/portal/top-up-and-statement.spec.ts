import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, type TestUser, test, withLanguage } from '../../fixtures';
import { cards, payOnSandbox } from '../checkout/helpers';
import { countPosts } from '../customer/dashboard-helpers';

// Issue 11, the portal's money: a verified shop user tops up 250 EUR by card, sees credit and bonus, finds the
// top-up in the orders and on the statement, and downloads the CSVs and the PDF statement.

/** Signs in through the portal login form (fields by name: the form is translated). */
const loginToPortal = async (page: Page, user: TestUser, translated = false) => {
  await page.goto('/portal/login');
  await page.locator('[name="email"]').fill(user.email);
  await page.locator('[name="password"]').fill(user.password);
  if (translated)
    await page
      .locator('form')
      .filter({ has: page.locator('[name="email"]') })
      .locator('button[type="submit"]')
      .click();
  else await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/portal$/);
};

const downloadOf = async (page: Page, click: () => Promise<void>) => {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), body: await readFile(await file.path()) };
};

test('a shop tops up 250 EUR by card and finds credit, bonus, the order and the statement', async ({
  page,
  shopUser,
}) => {
  test.setTimeout(120_000);
  await withLanguage(page, 'en');
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginToPortal(page, shopUser);
  await expect(page.getByTestId('card-credits-value')).toHaveText('€0.00');

  // Enter the amount: bad input gets SPEC's wording, under the field.
  await page
    .getByRole('region', { name: 'Reseller portal' })
    .getByRole('link', { name: 'Top up credits' })
    .click();
  await expect(page).toHaveURL(/\/portal\/top-up$/);
  const amount = page.getByTestId('top-up-amount');
  await amount.fill('abc');
  await page.getByTestId('top-up-continue').click();
  await expect(page.getByText('Amount (EUR) must be a number')).toBeVisible();
  await amount.fill('150');
  await page.getByTestId('top-up-continue').click();
  await expect(page.getByText('The amount must be at least 200 euros.')).toBeVisible();
  await amount.fill('250.001');
  await page.getByTestId('top-up-continue').click();
  await expect(page.getByText('The amount can have at most two decimals (whole cents).')).toBeVisible();

  // Continue to payment: the order summary with the bonus the server quotes; back keeps the amount.
  await amount.fill('250');
  await page.getByTestId('top-up-continue').click();
  await expect(page.getByTestId('summary-amount')).toHaveText('€250.00');
  await expect(page.getByTestId('summary-bonus')).toHaveText('€7.50');
  await expect(page.getByTestId('summary-credited')).toHaveText('€257.50');
  await page.getByTestId('top-up-back').click();
  await expect(amount).toHaveValue('250');
  await page.getByTestId('top-up-continue').click();

  // Place the order with a double click: one order, then the sandbox card page.
  const created = countPosts(page, '/api/portal/topups');
  await page.getByTestId('top-up-place-order').dblclick();
  await payOnSandbox(page, cards.success);
  await expect(page).toHaveURL(/\/portal\/top-up\/return\?order=[\w-]+&session_id=/);
  await expect(page.getByTestId('top-up-done')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('added-credit')).toHaveText('€250.00');
  await expect(page.getByTestId('added-bonus')).toHaveText('€7.50');
  await expect(page.getByTestId('new-total')).toHaveText('€257.50');
  const receipt = await downloadOf(page, () => page.getByTestId('top-up-receipt').click());
  expect(receipt.body.subarray(0, 5).toString()).toBe('%PDF-');
  const heading = await page.getByRole('heading', { name: /^Receipt / }).textContent();
  const number = /Receipt (\S+)/.exec(heading ?? '')?.[1] ?? '';
  expect(number).not.toBe('');
  expect(created).toHaveLength(1);

  // Home: the total with bonus, and credit and bonus under it (once: the home repeats no figure).
  await page.getByTestId('top-up-home').click();
  await expect(page.getByTestId('card-credits-value')).toHaveText('€257.50');
  await expect(page.getByTestId('card-credits-detail')).toHaveText('Credit €250.00 · bonus €7.50');
  await expect(page.getByTestId('card-orders-value')).toHaveText('1');

  // Orders: the top-up, completed; the CSV holds it.
  await page.goto('/portal/orders?kind=credits');
  const row = page.getByTestId('portal-order');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-order-number', number);
  await expect(row).toContainText('Credit top-up');
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('+ €7.50 bonus');
  const ordersCsv = await downloadOf(page, () => page.getByTestId('orders-csv').click());
  expect(ordersCsv.name).toBe('orders.csv');
  expect(ordersCsv.body.toString()).toContain(`${number},`);
  await page.getByTestId('orders-kind').selectOption('esim');
  await expect(page).toHaveURL(/kind=esim/);
  await expect(page.getByTestId('orders-empty')).toBeVisible();

  // Statement: top-up and bonus with the running balance, CSV and PDF.
  await page.goto('/portal/statement');
  const entries = page.getByTestId('statement-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toHaveAttribute('data-kind', 'topup');
  await expect(entries.nth(0)).toContainText('€250.00');
  await expect(entries.nth(1)).toHaveAttribute('data-kind', 'bonus');
  await expect(entries.nth(1)).toContainText('€257.50');
  await expect(page.getByTestId('statement-opening')).toHaveText('€0.00');
  await expect(page.getByTestId('statement-closing')).toHaveText('€257.50');
  const csv = await downloadOf(page, () => page.getByTestId('statement-csv').click());
  expect(csv.name).toMatch(/^statement-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.body.toString()).toContain(`topup,credit,${number},25000,25000,0,25000`);
  const pdf = await downloadOf(page, () => page.getByTestId('statement-pdf').click());
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
});

/** The money screens of the portal, with their data loaded, and what each is waited on by. */
const screens = [
  { path: '/portal', ready: 'card-credits' },
  { path: '/portal/top-up', ready: 'top-up-amount' },
  { path: '/portal/statement', ready: 'statement-opening' },
  { path: '/portal/orders', ready: 'orders-empty' },
  { path: '/portal/packages', ready: 'package-row' },
  { path: '/portal/profile', ready: 'shop-form' },
] as const;

// One test per language and width: together they outgrew one test's time on a slower machine (28 pages, axe on
// each); apart, Playwright's two workers share them.
for (const locale of ['en', 'sa'] as const)
  for (const width of [390, 1280])
    test(`every money screen has no axe violations in ${locale} at ${width} px`, async ({
      browser,
      shopUser,
    }) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await withLanguage(page, locale);
      await loginToPortal(page, shopUser, locale === 'sa');
      for (const screen of screens) {
        await page.goto(screen.path);
        await expect(page.locator('html')).toHaveAttribute('dir', locale === 'sa' ? 'rtl' : 'ltr');
        await expect(page.getByTestId(screen.ready).first()).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expectNoAxeViolations(page);
        if (width === 390)
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
            screen.path,
          ).toBeLessThanOrEqual(390);
      }
      // The order summary step and a field error.
      await page.goto('/portal/top-up');
      await page.getByTestId('top-up-amount').fill('10');
      await page.getByTestId('top-up-continue').click();
      await expect(page.getByTestId('top-up-amount')).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);
      await page.getByTestId('top-up-amount').fill('300');
      await page.getByTestId('top-up-continue').click();
      await expect(page.getByTestId('top-up-summary')).toBeVisible();
      await expectNoAxeViolations(page);
      await context.close();
    });
