import { readFile } from 'node:fs/promises';
import { demoPassword, expect, expectNoAxeViolations, test } from '../../fixtures';
import { loginAsStaff, staffEmail } from './staff-session';

// Issue 31: orders analytics. An admin picks a range, reads the charts and their tables, downloads a table as CSV
// and opens the orders behind a figure; the figures themselves are proved exactly by the API test
// (order-analytics.staff.routes.test.ts).

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const charts = ['overTime', 'kind', 'country', 'package', 'paymentMethod', 'refunds'];

test('admin picks a range, sees every chart with its table, and downloads a table as CSV (en, 1280 px)', async ({
  page,
  admin,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAsStaff(page, admin);
  await page.evaluate(() => window.localStorage.setItem('languagePreference', 'en'));
  await page.goto('/orders/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Order analytics' })).toBeVisible();
  for (const chart of charts) await expect(page.getByTestId(`analytics-chart-${chart}`)).toBeVisible();

  // A week ending today: seven days on the chart and in its table, named by the chart's title.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${isoDay(-6)}&to=${isoDay(0)}`));
  const overTime = page.getByRole('table', { name: 'Over time' });
  await expect(overTime.locator('tbody tr')).toHaveCount(7);
  await expect(overTime.locator('tfoot')).toContainText('Total');
  await expect(page.getByTestId('analytics-chart-overTime-drawing').locator('svg').first()).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Figure on the chart' }).getByText('Orders').click();
  await expect(page.getByRole('radio', { name: 'Orders' })).toBeChecked();

  // An end before the start is refused in words, and nothing is asked of the server.
  await page.getByTestId('analytics-range-to').fill(isoDay(-8));
  await expect(page.getByText('The end date is before the start date.')).toBeVisible();
  await expect(page.getByTestId('analytics-charts')).toHaveCount(0);
  await page.getByTestId('analytics-range-to').fill(isoDay(0));
  await expect(page.getByTestId('analytics-charts')).toBeVisible();
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await page.getByTestId('analytics-csv-kind').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`orders-analytics-kind-${isoDay(-6)}-${isoDay(0)}.csv`);
  const csv = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
  expect(csv.split('\r\n')[0]).toBe(
    'key,label,currentRevenueCents,previousRevenueCents,currentOrders,previousOrders,currentAverageOrderCents,previousAverageOrderCents',
  );
  // Issue 33 (ADR 0076): a figure opens the rows behind it. The week's orders open all orders with the same sales
  // and days, and the list counts exactly as many.
  // The other journeys pay orders on the same server meanwhile: a figure and its list are compared as one reading,
  // again until no order arrived in between.
  await expect(async () => {
    await page.goto(`/orders/analytics?from=${isoDay(-6)}&to=${isoDay(0)}`);
    const figure = page.getByTestId('analytics-total-orders-value');
    await expect(figure).toHaveText(/\d/);
    const orders = ((await figure.textContent()) ?? '').replace(/\D/g, '');
    await figure.click();
    await expect(page).toHaveURL(
      new RegExp(`/orders/all\\?sales=yes&paidAtFrom=${isoDay(-6)}&paidAtTo=${isoDay(0)}`),
    );
    await expect(page.getByRole('heading', { level: 1, name: 'All orders' })).toBeVisible();
    await expect(page.getByTestId('list-total')).toHaveText(`${orders} results`, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expectNoAxeViolations(page);
});

test('the analytics read in Albanian on a phone, without axe violations (sq, 390 px)', async ({
  page,
  admin,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 900 });
  await loginAsStaff(page, admin);
  await page.evaluate(() => window.localStorage.setItem('languagePreference', 'sq'));
  await page.goto(`/orders/analytics?from=${isoDay(-29)}&to=${isoDay(0)}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sq');
  await expect(page.getByRole('table', { name: 'Në kohë' }).locator('tbody tr')).toHaveCount(30);
  await expect(page.getByRole('table', { name: 'Sipas llojit' })).toBeVisible();
  await expectNoAxeViolations(page);
});

for (const role of ['analytics', 'editor'] as const)
  test(`${role} staff cannot open the analytics`, async ({ page }) => {
    const login = await page.request.post('/api/staff/auth/login', {
      data: { email: staffEmail(role), password: demoPassword },
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const answer = await page.request.get(`/api/staff/orders/analytics?from=${isoDay(-6)}&to=${isoDay(0)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status()).toBe(403);
    await loginAsStaff(page, role);
    await page.goto('/orders/analytics');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
