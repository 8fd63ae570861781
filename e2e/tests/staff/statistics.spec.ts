import type { Page, Request } from '@playwright/test';
import { expect, expectNoAxeViolations, siteURL, test, withLanguage } from '../../fixtures';
import { cards, newBuyer, payOnSandbox, submitOrder } from '../checkout/helpers';
import { loginAsStaff } from './staff-session';

// Issue 33: statistics with consent. A visitor who rejects statistics cookies sends nothing; one who lands from a
// Facebook ad, accepts and buys is counted, and after the roll-up job the order is in the source's figures, which
// an analytics user sees on the statistics screens (en and sq, axe at 1280 and 390 px).

const isBeacon = (request: Request) => new URL(request.url()).pathname === '/api/traffic/views';

const runRollup = async () => {
  const response = await fetch(`${siteURL}/api/test/traffic-rollup`, { method: 'POST' });
  expect(response.status).toBe(200);
};

test('a visitor who rejected statistics cookies sends and stores nothing', async ({ browser }) => {
  const site = await browser.newContext({ baseURL: siteURL });
  const page = await site.newPage();
  await withLanguage(page, 'en');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (isBeacon(request)) sent.push(request.url());
  });
  await page.goto('/?utm_source=facebook&fbclid=e2e-rejected');
  await page.getByTestId('cookie-banner').getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByTestId('cookie-banner')).toBeHidden();
  await page.getByRole('link', { name: 'FAQ' }).first().click();
  await expect(page).toHaveURL(/\/faq/);
  await page.goto('/about');
  // The beacon sends within five seconds of a page or when it is left: wait past both.
  await page.waitForTimeout(6_000);
  await page.goto('/');
  expect(sent).toEqual([]);
  expect(await page.evaluate(() => window.localStorage.getItem('traffic-visit'))).toBeNull();
  await site.close();
});

const sourceRow = (page: Page, campaign: string) =>
  page.getByTestId('statistics-chart-campaigns').getByRole('row', { name: new RegExp(campaign) });

test('a visitor from a Facebook ad accepts cookies and buys; the order is in the source figures an analytics user sees', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const campaign = `e2e-${Date.now().toString(36)}`;
  const site = await browser.newContext({ baseURL: siteURL });
  const visitor = await site.newPage();
  await withLanguage(visitor, 'en');
  // The beacon's answers (its body is a Blob Playwright cannot read; the figures below show what it carried).
  const beacons: number[] = [];
  visitor.on('response', (response) => {
    if (isBeacon(response.request())) beacons.push(response.status());
  });
  await visitor.goto(`/?utm_source=facebook&utm_campaign=${campaign}&fbclid=fb-${campaign}`);
  await visitor.getByTestId('cookie-banner').getByRole('button', { name: 'Accept' }).click();
  await expect(visitor.getByTestId('cookie-banner')).toBeHidden();
  // The landing page's view is sent when the visitor moves on (or within five seconds).
  await expect.poll(() => beacons, { timeout: 10_000 }).toEqual([204]);
  await visitor.goto('/order/de-5gb-30d');
  await submitOrder(visitor, newBuyer());
  await payOnSandbox(visitor, cards.success);
  await expect(visitor).toHaveURL(/\/payment\/success\?/);
  await site.close();
  await runRollup();

  await loginAsStaff(page, 'analytics');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/statistic/traffic/source/facebook');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('facebook');
  const row = sourceRow(page, campaign);
  await expect(row).toBeVisible();
  // Source, then each figure in this period and the previous one: visits, sessions, orders, revenue, conversion.
  const cells = row.getByRole('cell');
  await expect(cells.nth(2)).toHaveText('1');
  await expect(cells.nth(4)).toHaveText('1');

  // Every statistics screen of this issue, in English at 1280 px and Albanian at 390 px, without axe violations.
  const screens = [
    '/statistic/traffic',
    '/statistic/traffic/sources',
    '/statistic/traffic/source/facebook',
    '/statistic/countries',
    '/statistic/users-by-country',
  ];
  for (const path of screens) {
    await page.goto(path);
    await expect(page.getByTestId('statistics-charts')).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await page.getByTestId('statistics-range').first().waitFor();
  await page.evaluate(() => window.localStorage.setItem('languagePreference', 'sq'));
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of screens) {
    await page.goto(path);
    await expect(page.getByTestId('statistics-charts')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sq');
    await expectNoAxeViolations(page);
  }
  await page.goto('/statistic/traffic/sources');
  await expect(page.getByRole('heading', { name: 'Sipas burimit', exact: true })).toBeVisible();
});
