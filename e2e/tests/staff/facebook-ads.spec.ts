import { expect, expectNoAxeViolations, siteURL, test } from '../../fixtures';
import { cards, newBuyer, payOnSandbox, submitOrder } from '../checkout/helpers';
import { groupLinks, loginAsStaff, sidebarEntries } from './staff-session';

// Issue 33: the Facebook ads screens. The figures themselves are proved exactly by the API test
// (facebook-ads.staff.routes.test.ts); here a buyer comes through an ad and buys, the order shows among the
// attributed orders and behind its campaign, every screen reads in English and Albanian without axe violations
// at 1280 and 390 px, and an editor sees the campaigns only. The e2e server has the sandbox's demo ads.

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const screens = ['total', 'campaigns', 'insights', 'orders'] as const;
const campaign = 'Albania summer eSIM';

test('an order placed through a Facebook ad is among the attributed orders and behind its campaign (en)', async ({
  page,
  browser,
  admin,
}) => {
  test.slow();
  // The buyer's own browser, on the site: lands from the ad and pays with the sandbox's test card.
  const buyerContext = await browser.newContext({ baseURL: siteURL });
  const buyerPage = await buyerContext.newPage();
  const ad = new URLSearchParams({
    utm_source: 'facebook',
    utm_campaign: campaign,
    fbclid: `IwAR-e2e-${Date.now()}`,
  });
  await buyerPage.goto(`/order/de-5gb-30d?${ad}`);
  await submitOrder(buyerPage, newBuyer());
  await payOnSandbox(buyerPage, cards.success);
  await expect(buyerPage).toHaveURL(/\/payment\/success\?/);
  const number = (await buyerPage.getByTestId('order-number').textContent({ timeout: 45_000 }))?.trim() ?? '';
  expect(number).toMatch(/^ES-/);
  await buyerContext.close();

  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAsStaff(page, admin);
  await page.evaluate(() => window.localStorage.setItem('languagePreference', 'en'));
  const range = `from=${isoDay(-6)}&to=${isoDay(0)}`;
  await page.goto(`/facebook/ads/orders?${range}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Facebook ad orders' })).toBeVisible();
  const row = page.getByTestId('list-row').filter({ hasText: number });
  await expect(row).toContainText('facebook · click id');
  await expect(row).toContainText(campaign);

  // The campaign's figure opens the orders behind it: ours is among them.
  await page.goto(`/facebook/ads/campaigns?${range}`);
  await expect(page.getByRole('table', { name: 'By campaign' })).toContainText(campaign);
  await page.getByTestId('facebook-campaign-orders').filter({ hasText: campaign }).click();
  await expect(page).toHaveURL(/\/facebook\/ads\/orders\?.*campaignId=/);
  await expect(page.getByTestId('facebook-orders-campaign')).toHaveText(`Campaign: ${campaign}`);
  await expect(page.getByTestId('list-row').filter({ hasText: number })).toBeVisible();

  // The summary's revenue is the attributed orders' revenue, and opens them.
  await page.goto(`/facebook/ads/total?${range}`);
  await expect(page.getByRole('table', { name: 'Over time' }).locator('tbody tr')).toHaveCount(7);
  await expect(page.getByTestId('facebook-total-spendCents-value')).not.toHaveText('–');
  const revenue = await page.getByTestId('facebook-total-revenueCents-value').textContent();
  await page.getByTestId('facebook-total-revenueCents-open').click();
  await expect(page.getByTestId('list-footer-totalCents')).toHaveText(revenue ?? '');

  // An admin syncs the range's days from the ad platform again (the sandbox here): nothing changes but the time.
  await page.goBack();
  await page.getByTestId('facebook-sync').click();
  await expect(page.getByText(/^Synced \d+ days of ads \(12 ads\)\.$/)).toBeVisible();
  await expect(page.getByTestId('facebook-total-revenueCents-value')).toHaveText(revenue ?? '');
});

for (const [locale, width] of [
  ['en', 1280],
  ['sq', 390],
] as const)
  test(`every Facebook screen reads without axe violations (${locale}, ${width} px)`, async ({
    page,
    admin,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await loginAsStaff(page, admin);
    await page.evaluate((value) => window.localStorage.setItem('languagePreference', value), locale);
    for (const screen of screens) {
      await page.goto(`/facebook/ads/${screen}?from=${isoDay(-29)}&to=${isoDay(0)}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByTestId(`facebook-${screen}`)).toBeVisible();
      await expectNoAxeViolations(page);
    }
    // An end before the start is refused in the viewer's words, before anything is asked of the server.
    await page.getByTestId('facebook-range-to').fill(isoDay(-40));
    await expect(
      page.getByText(
        locale === 'en'
          ? 'The end date is before the start date.'
          : 'Data e mbarimit është para datës së fillimit.',
      ),
    ).toBeVisible();
    await expect(page.getByTestId('facebook-orders')).toHaveCount(0);
  });

test('an editor sees only the Facebook campaigns, without the orders behind them', async ({
  page,
  editor,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAsStaff(page, editor);
  await page.evaluate(() => window.localStorage.setItem('languagePreference', 'en'));
  expect(await sidebarEntries(page)).toEqual(['nav-group-clients', 'nav-group-facebook']);
  expect(await groupLinks(page, 'facebook')).toEqual(['facebookCampaigns']);
  await page.getByTestId('nav-link-facebookCampaigns').click();
  await expect(page).toHaveURL(/\/facebook\/ads\/campaigns/);
  await expect(page.getByRole('table', { name: 'By campaign' })).toContainText(campaign);
  await expect(page.getByTestId('facebook-campaign-orders')).toHaveCount(0);
  for (const screen of ['total', 'insights', 'orders']) {
    await page.goto(`/facebook/ads/${screen}`);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  }
});
