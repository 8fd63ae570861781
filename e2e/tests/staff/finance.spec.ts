import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../../fixtures';
import { siteURL } from '../../fixtures/urls';
import { loginAsStaff } from './staff-session';

// Issue 31, finance: a shop tops up and buys with its credits; the shop reports show it in the totals row, and the
// shop's own report shows the same figures with the ledger lines that make them. Both PDFs are PDFs.

type Activity = { shopId: string; shopName: string; topUpNumber: string; purchaseNumber: string };

/** A paid top-up of 300 EUR with 15 EUR bonus, then a purchase of 42.50 EUR with credits (test support). */
const topUpAndBuy = async (shopUserId: string): Promise<Activity> => {
  const response = await fetch(`${siteURL}/api/test/shop-credit-activity`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ shopUserId, topUpCents: 30_000, bonusCents: 1_500, purchaseCents: 4_250 }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Activity;
};

const pdfOf = async (page: Page, button: string) => {
  const download = page.waitForEvent('download');
  await page.getByTestId(button).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  return (await readFile(await file.path())).subarray(0, 5).toString();
};

const listSettled = (page: Page) => expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

test("a shop report's totals match its ledger lines; both PDFs download", async ({
  page,
  admin,
  shopUser,
}) => {
  test.slow();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 900 });
  const activity = await topUpAndBuy(shopUser.id);
  await loginAsStaff(page, admin);

  // The reports of this month (the default period), narrowed to the shop: its row and the totals row agree.
  await page.goto(`/finance/raporte-shop?q=${encodeURIComponent(activity.shopName)}`);
  await listSettled(page);
  const row = page.getByTestId('list-row');
  await expect(row).toHaveCount(1);
  const footer = page.getByTestId('list-footer');
  await expect(footer.getByTestId('list-footer-shopName')).toHaveText('Total');
  const expected = {
    openingCents: '€0.00',
    boughtCents: '€300.00',
    bonusCents: '€15.00',
    spentCents: '€42.50',
    refundsCents: '€0.00',
    adjustmentsCents: '€0.00',
    closingCents: '€272.50',
    subscribersServed: '1',
    // 42.50 at the shop's 20 % markup.
    revenueCents: '€51.00',
  };
  for (const [figure, text] of Object.entries(expected)) {
    await expect(footer.getByTestId(`list-footer-${figure}`)).toHaveText(text);
    await expect(row).toContainText(text);
  }
  expect(await pdfOf(page, 'shop-reports-pdf')).toBe('%PDF-');
  await expectNoAxeViolations(page);

  // The shop's report: the same figures, and the ledger lines from opening to closing.
  await row.getByRole('link', { name: activity.shopName }).click();
  await expect(page).toHaveURL(new RegExp(`/finance/raporte-shop/${activity.shopId}$`));
  await expect(page.getByTestId('shop-report')).toContainText(activity.shopName);
  for (const [figure, text] of Object.entries(expected))
    await expect(page.getByTestId(`report-${figure}`)).toHaveText(text);
  await listSettled(page);
  const lines = page.getByTestId('list-row');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0)).toContainText(activity.topUpNumber);
  await expect(lines.nth(0)).toContainText('Top-up');
  await expect(lines.nth(0)).toContainText('€300.00');
  await expect(lines.nth(1)).toContainText('Bonus');
  await expect(lines.nth(1)).toContainText('€315.00');
  await expect(lines.nth(2)).toContainText(activity.purchaseNumber);
  await expect(lines.nth(2)).toContainText('Purchase');
  // The last line's balance after is the closing balance.
  await expect(lines.nth(2).getByRole('cell').last()).toHaveText(expected.closingCents);
  expect(await pdfOf(page, 'shop-report-pdf')).toBe('%PDF-');
  await expectNoAxeViolations(page);

  // A period that ends before it starts is refused in words.
  await page.goto(`/finance/raporte-shop/${activity.shopId}?periodFrom=2026-03-10&periodTo=2026-03-01`);
  await expect(page.getByTestId('list-error')).toContainText(
    'The end of the period cannot be before its start.',
  );
  // An address naming no shop says so.
  await page.goto('/finance/raporte-shop/5');
  await expect(page.getByTestId('shop-report-unknown')).toHaveText('There is no shop with this id.');
});

test('both finance screens have no axe violations in Albanian on a phone', async ({
  page,
  admin,
  shopUser,
}) => {
  test.slow();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 390, height: 900 });
  const activity = await topUpAndBuy(shopUser.id);
  await loginAsStaff(page, admin);
  await page.evaluate(() => window.localStorage.setItem('languagePreference', 'sq'));

  await page.goto(`/finance/raporte-shop?q=${encodeURIComponent(activity.shopName)}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await listSettled(page);
  await expect(page.getByTestId('list-footer-shopName')).toHaveText('Totali');
  await expect(page.getByTestId('list-footer-closingCents')).toContainText('272,50');
  await expectNoAxeViolations(page);

  await page.goto(`/finance/raporte-shop/${activity.shopId}`);
  await expect(page.getByTestId('report-closingCents')).toContainText('272,50');
  await listSettled(page);
  await expect(page.getByTestId('list-row')).toHaveCount(3);
  await expect(page.getByTestId('list-row').nth(0)).toContainText('Rimbushje');
  await expectNoAxeViolations(page);
});
