import { expect, test, waitForHydration, withLanguage } from '../../fixtures';

test.beforeEach(async ({ page }) => {
  await withLanguage(page, 'en');
});

test('unknown paths answer 404 with the not-found page inside the site layout', async ({ page }) => {
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('the footer shows the support e-mail and WhatsApp from the public settings', async ({
  page,
  request,
}) => {
  const settings = (await (await request.get('/api/settings/public')).json()) as {
    supportEmail: string;
    whatsappNumber: string;
  };
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: settings.supportEmail })).toHaveAttribute(
    'href',
    `mailto:${settings.supportEmail}`,
  );
  await expect(footer.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    `https://wa.me/${settings.whatsappNumber.replace(/\D/g, '')}`,
  );
});

test('the cookie banner offers Accept and Reject on the first layer and remembers the choice', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookies' });
  await expect(banner.getByRole('button', { name: 'Accept' })).toBeVisible();
  await banner.getByRole('button', { name: 'Reject' }).click();
  await expect(banner).toBeHidden();
  // The banner hides as soon as the choice is sent; the cookie comes with the server's answer.
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'cookie-consent')?.value)
    .toBe('rejected');
  const cookies = await context.cookies();
  // Nothing else but the strictly necessary language and consent cookies.
  expect(cookies.map((c) => c.name).sort()).toEqual(['cookie-consent', 'lang']);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Cookies' })).toHaveCount(0);
});

test('the logo links home and the language menu lists the twelve labels with local flags', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'eSIM Travel' }).click();
  await expect(page).toHaveURL(/\/$/);
  await waitForHydration(page, '[data-testid="language-picker"]');
  await page.getByTestId('language-picker').click();
  const items = page.getByRole('menu').getByRole('menuitem');
  await expect(items).toHaveText([
    'English',
    'Shqip',
    'Deutsch',
    'French',
    'Arabic',
    'Turkey',
    'Italy',
    'Spain',
    'Austria',
    'Sweden',
    'North Macedonia',
    'Greece',
  ]);
  const sources = await page
    .getByRole('menu')
    .locator('img')
    .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
  for (const src of sources) expect(new URL(src).origin).toBe(new URL(page.url()).origin);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the cookie banner still records the choice and returns to the page', async ({ page, context }) => {
    await page.goto('/login?lang=en');
    await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Accept' }).click();
    await expect(page).toHaveURL(/\/login\?lang=en$/);
    await expect(page.getByRole('region', { name: 'Cookies' })).toHaveCount(0);
    expect((await context.cookies()).find((c) => c.name === 'cookie-consent')?.value).toBe('accepted');
  });
});
