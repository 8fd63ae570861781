import { expect, holdScripts, test, withLanguage } from '../../fixtures';

test('the FAQ has exactly 19 questions and FAQPage data for search engines', async ({ page }) => {
  await withLanguage(page, 'en');
  await page.goto('/faq');
  await expect(page.getByTestId('faq-item')).toHaveCount(19);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd['@type']).toBe('FAQPage');
  expect(jsonLd.mainEntity).toHaveLength(19);
  await page.getByTestId('faq-item').first().locator('summary').click();
  await expect(page.getByTestId('faq-item').first().locator('.faq-item__answer')).toBeVisible();
});

test('every public page is reachable from the header or footer and server-rendered with its title', async ({
  page,
}) => {
  await withLanguage(page, 'en');
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const [name, path, heading] of [
    ['Devices', '/devices', 'Which devices support eSIM?'],
    ['How to connect', '/how-to-connect', 'How to connect'],
    ['FAQ', '/faq', null],
    ['About us', '/about', 'About us'],
    ['Contact', '/contact', 'Contact us'],
    ['Become a partner', '/become-a-partner', 'Become a partner'],
  ] as const) {
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Terms and conditions' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByTestId('markdown-content').locator('h2').first()).toBeVisible();
  await footer.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByTestId('markdown-content').locator('li').first()).toBeVisible();
  await footer.getByRole('link', { name: 'Blog', exact: true }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog');
});

test('the devices page filters the model lists as you type', async ({ page }) => {
  await withLanguage(page, 'en');
  await page.goto('/devices');
  await expect(page.getByTestId('device-facts')).toContainText('iPhone 13');
  await expect(page.getByTestId('devices-pixel')).toBeVisible();
  await page.getByTestId('device-search').fill('iphone 15 pro');
  await expect(page.getByTestId('devices-iphone').getByRole('listitem')).toHaveText([
    'iPhone 15 Pro',
    'iPhone 15 Pro Max',
  ]);
  await expect(page.getByTestId('devices-pixel')).toHaveCount(0);
  await page.getByTestId('device-search').fill('Nokia 3310');
  await expect(page.getByTestId('device-no-results')).toContainText('Nokia 3310');
});

test('a model typed on the devices page before the scripts arrive is filtered once they do', async ({
  page,
}) => {
  await withLanguage(page, 'en');
  const release = await holdScripts(page);
  await page.goto('/devices', { waitUntil: 'commit' });
  await page.getByTestId('device-search').fill('iphone 15 pro');
  release();
  await expect(page.getByTestId('devices-iphone').getByRole('listitem')).toHaveText([
    'iPhone 15 Pro',
    'iPhone 15 Pro Max',
  ]);
  await expect(page.getByTestId('device-search')).toHaveValue('iphone 15 pro');
});

test('switching language on a country page changes the content and the lang attributes', async ({ page }) => {
  await withLanguage(page, 'en');
  const response = await page.goto('/countries/fr');
  const html = (await response?.text()) ?? '';
  expect(html).toContain('<html lang="en" dir="ltr"');
  await expect(page.getByTestId('country-title')).toHaveText('eSIM for France');

  const alternates = page.locator('link[rel="alternate"][hreflang]');
  await expect(alternates).toHaveCount(13);
  const hreflangs = await alternates.evaluateAll((links) => links.map((l) => l.getAttribute('hreflang')));
  expect(hreflangs).toEqual([
    'en',
    'sq',
    'de',
    'fr',
    'ar',
    'tr',
    'it',
    'es',
    'de-AT',
    'sv',
    'mk',
    'el',
    'x-default',
  ]);
  await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute(
    'href',
    /\/countries\/fr\?lang=de$/,
  );

  await page.getByTestId('language-picker').click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('country-title')).toHaveText('eSIM für Frankreich');
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'de');
  await expect(page).toHaveTitle(/Frankreich/);

  // A ?lang= link renders that language on the server, with a self-referencing canonical.
  const greek = await page.goto('/countries/fr?lang=gr');
  expect(await greek?.text()).toContain('<html lang="el" dir="ltr"');
  await expect(page.getByTestId('country-title')).toContainText('Γαλλία');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/countries\/fr\?lang=gr$/);
  await page.getByTestId('language-picker').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/countries\/fr\?lang=en$/);
  await expect(page.getByTestId('country-title')).toHaveText('eSIM for France');
});

test('Arabic pages are right to left', async ({ page }) => {
  await withLanguage(page, 'sa');
  for (const path of ['/', '/countries/de', '/faq', '/become-a-partner']) {
    const response = await page.goto(path);
    expect(await response?.text()).toContain('<html lang="ar" dir="rtl"');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  }
});

test('sitemap.xml lists every public page in all twelve locales, robots.txt points to it', async ({
  request,
}) => {
  const response = await request.get('/sitemap.xml');
  expect(response.headers()['content-type']).toContain('xml');
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
  for (const locale of ['en', 'sq', 'de', 'fr', 'sa', 'tr', 'it', 'es', 'at', 'se', 'mk', 'gr'])
    for (const path of ['/', '/faq', '/countries/de', '/regions/europe', '/become-a-partner', '/terms'])
      expect(locs).toContain(`${new URL(response.url()).origin}${path}?lang=${locale}`);
  expect(new Set(locs).size).toBe(locs.length);
  expect(locs.filter((l) => l.includes('/countries/')).length).toBeGreaterThanOrEqual(115 * 12);

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: ');
  expect(robots).toContain('/sitemap.xml');
});

test('each page has its own title, description, canonical, Open Graph and JSON-LD', async ({ page }) => {
  await withLanguage(page, 'en');
  await page.goto('/');
  const ld = await page.locator('script[type="application/ld+json"]').textContent();
  const items = JSON.parse(ld ?? '[]') as { '@type': string; offers?: { price: string } }[];
  expect(items.some((i) => i['@type'] === 'Organization')).toBe(true);
  expect(items.some((i) => i['@type'] === 'Product' && i.offers?.price)).toBe(true);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /115/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /eSIM/);

  await page.goto('/countries/it');
  await expect(page).toHaveTitle('eSIM for Italy: mobile data packages · eSIM Travel');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/countries\/it$/);
  const products = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? '[]',
  );
  expect(products[0]).toMatchObject({
    '@type': 'Product',
    offers: { '@type': 'Offer', priceCurrency: 'EUR' },
  });
});
