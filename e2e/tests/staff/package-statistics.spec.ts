import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../../fixtures';
import { loginAsStaff } from './staff-session';

// Issue 33: package statistics. An analytics user opens the sales per package, a package's sales over time and
// its buyers (the journey's own paid order among them), and the buyer country × destination matrix; every screen
// without axe violations in English on a laptop and in Albanian on a phone. The figures themselves are proved
// exactly by the API test (package-statistics.staff.routes.test.ts).

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const week = `from=${isoDay(-6)}&to=${isoDay(0)}`;

type Row = { packageId: string | null; slug: string | null; name: string | null };

/** The package the journey's order bought: the one whose buyers in the week include its e-mail address. */
const packageOf = async (page: Page, token: string, buyerEmail: string) => {
  const headers = { authorization: `Bearer ${token}` };
  const { rows } = (await (
    await page.request.get(`/api/staff/statistics/packages?${week}`, { headers })
  ).json()) as { rows: Row[] };
  for (const row of rows) {
    if (!row.packageId) continue;
    const users = (await (
      await page.request.get(`/api/staff/statistics/package-users/${row.packageId}?${week}&pageSize=200`, {
        headers,
      })
    ).json()) as { items: { email: string }[] };
    if (users.items.some((u) => u.email === buyerEmail)) return row;
  }
  throw new Error(`no package bought by ${buyerEmail} this week`);
};

const tokenOf = (page: Page) => page.evaluate(() => window.localStorage.getItem('auth-token') ?? '');

for (const [locale, width, words] of [
  [
    'en',
    1280,
    {
      packages: 'Package statistics',
      users: 'See the buyers of this package',
      matrix: 'Packages bought per country',
      endBeforeStart: 'The end date is before the start date.',
    },
  ],
  [
    'sq',
    390,
    {
      packages: 'Statistikat e paketave',
      users: 'Shiko blerësit e kësaj pakete',
      matrix: 'Paketat e blera sipas shtetit',
      endBeforeStart: 'Data e mbarimit është para datës së fillimit.',
    },
  ],
] as const)
  test(`an analytics user opens package statistics and a package's users (${locale}, ${width} px)`, async ({
    page,
    analytics,
    failedOrder,
  }) => {
    test.slow();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width, height: 900 });
    await loginAsStaff(page, analytics);
    await page.evaluate((code) => window.localStorage.setItem('languagePreference', code), locale);
    const bought = await packageOf(page, await tokenOf(page), failedOrder.buyerEmail);

    await page.goto(`/statistic/global-packages?${week}`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1, name: words.packages })).toBeVisible();
    const chart = page.getByTestId('statistics-packages-chart');
    await expect(chart.getByRole('link', { name: bought.name ?? '' })).toBeVisible();
    await expectNoAxeViolations(page);

    await chart.getByRole('link', { name: bought.name ?? '' }).click();
    await expect(page).toHaveURL(new RegExp(`/statistic/global-packages/${bought.slug}\\?${week}`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(bought.name ?? '');
    await expect(page.getByTestId('statistics-package-chart').locator('tbody tr')).toHaveCount(7);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: words.users }).click();
    await expect(page).toHaveURL(new RegExp(`/statistic/global-packages/users/${bought.packageId}/`));
    await expect(page.getByTestId('statistics-users')).toContainText(failedOrder.buyerEmail);
    await expectNoAxeViolations(page);

    await page.goto(`/statistic/packages-bought-from-countries?${week}`);
    await expect(page.getByRole('heading', { level: 1, name: words.matrix })).toBeVisible();
    await expect(page.getByTestId('statistics-matrix').locator('tbody tr').first()).toBeVisible();
    await expectNoAxeViolations(page);

    // An end before the start is refused in words, and nothing is asked of the server.
    await page.getByTestId('statistics-range-to').fill(isoDay(-8));
    await expect(page.getByTestId('statistics-matrix')).toHaveCount(0);
    await expect(page.getByText(words.endBeforeStart)).toBeVisible();
  });

test('an unknown package is said so in words', async ({ page, analytics }) => {
  await loginAsStaff(page, analytics);
  await page.evaluate(() => window.localStorage.setItem('languagePreference', 'en'));
  await page.goto(`/statistic/global-packages/no-such-package?${week}`);
  await expect(page.getByRole('alert')).toHaveText('There is no package with this name.');
});
