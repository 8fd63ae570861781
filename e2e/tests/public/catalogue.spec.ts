import {
  expect,
  expectFlagDrawing,
  holdScripts,
  test,
  waitForHydration,
  watchAddressChanges,
  withLanguage,
} from '../../fixtures';

test('home → search “Gjermani” in Albanian → country page → package → link to the order page', async ({
  page,
}) => {
  await withLanguage(page, 'sq');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sq');
  // The hero states SPEC section 1's claims.
  await expect(page.getByTestId('hero-claims')).toContainText('115');
  await expect(page.getByTestId('hero-claims')).toContainText('4G/5G');

  await page.getByTestId('destination-search').fill('Gjermani');
  const results = page.getByTestId('search-results');
  await results.getByRole('link', { name: /Gjermani/ }).click();

  await expect(page).toHaveURL(/\/countries\/de$/);
  await expect(page.getByTestId('country-title')).toHaveText('eSIM për Gjermani');
  const local = page.getByTestId('section-local');
  const firstPackage = local.getByTestId('package-card').first();
  await expect(firstPackage).toHaveAttribute('data-type', 'local');
  // Operators and network of the country are shown on the card.
  await expect(firstPackage.getByTestId('package-operators')).toContainText(/\((4G|5G)\)/);
  const slug = await firstPackage.getAttribute('data-slug');
  const buy = firstPackage.getByTestId('buy-link');
  await expect(buy).toHaveAttribute('href', `/order/${slug}`);
  await expect(buy).toContainText('Bli');

  // Regional packages list the other countries they cover.
  const regional = page.getByTestId('section-regional').getByTestId('package-card').first();
  await expect(regional).toHaveAttribute('data-type', 'regional');
  await regional.locator('summary').click();
  await expect(regional.locator('details p')).toContainText('Austri');
});

test('a buy link loads the order page on intent, and a click within the intent delay fetches its data once', async ({
  page,
}) => {
  await withLanguage(page, 'en');
  // The intent delay is a timer: with the page's clock paused, the click lands within it however slow the machine.
  await page.clock.install();
  await page.goto('/countries/de');
  const card = page.getByTestId('section-local').getByTestId('package-card').first();
  const slug = await card.getAttribute('data-slug');
  const orderData: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/order/${slug}.data`) orderData.push(request.url());
  });
  await waitForHydration(page, '[data-testid="buy-link"]');

  // Pointing at a link for longer than the delay loads its page ahead of the click.
  const other = page.getByTestId('package-card').nth(1).getByTestId('buy-link');
  await other.hover();
  await page.clock.runFor(150);
  await expect(page.locator('link[rel="modulepreload"][href*="/order-"]')).not.toHaveCount(0);

  await page.clock.pauseAt(Date.now() + 5_000);
  await card.getByTestId('buy-link').click();
  await page.clock.resume();
  await expect(page).toHaveURL(`/order/${slug}`);
  await expect(page.getByTestId('pay-button')).toBeEnabled();
  expect(orderData).toHaveLength(1);
});

test('when the address changes, the new page is already on screen: the old one takes no taps or typing after it', async ({
  page,
}) => {
  await withLanguage(page, 'en');
  await page.goto('/countries/de');
  await waitForHydration(page, '[data-testid="buy-link"]');
  const changes = await watchAddressChanges(page, '[data-testid="country-title"]');
  await page.getByTestId('section-local').getByTestId('buy-link').first().click();
  await expect(page.getByTestId('pay-button')).toBeEnabled();
  // One address change, and 50 ms after it the country page was gone.
  expect(await changes.seen()).toEqual([false]);
});

test('search finds a destination by any language and by code, and says when nothing matches', async ({
  page,
}) => {
  await withLanguage(page, 'en');
  await page.goto('/');
  const search = page.getByTestId('destination-search');
  const results = page.getByTestId('search-results');
  for (const query of ['Allemagne', 'DE', 'Germany']) {
    await search.fill(query);
    await expect(results.getByRole('link', { name: /Germany/ })).toBeVisible();
  }
  await search.fill('Qwertyland');
  await expect(results).toContainText('No destination matches “Qwertyland”.');
});

test('each tab shows its kind: countries, regions, global packages', async ({ page }) => {
  await withLanguage(page, 'en');
  await page.goto('/');
  const tabs = page.getByRole('tablist');
  // Switching in place needs the scripts (before them a tab is a link that loads the page with it open, below).
  await waitForHydration(page, '[role="tablist"]');

  await expect(tabs.getByRole('tab', { name: 'Local' })).toHaveAttribute('aria-selected', 'true');
  const localLinks = page.getByTestId('panel-local').getByRole('link');
  expect(await localLinks.count()).toBeGreaterThan(100);
  for (const kind of await localLinks.evaluateAll((links) => links.map((l) => l.getAttribute('data-kind'))))
    expect(kind).toBe('country');

  await tabs.getByRole('tab', { name: 'Regional' }).click();
  await expect(page.getByTestId('panel-local')).toBeHidden();
  const regions = page.getByTestId('panel-regional').getByRole('link');
  await expect(regions.filter({ hasText: 'Europe' })).toBeVisible();
  for (const kind of await regions.evaluateAll((links) => links.map((l) => l.getAttribute('data-kind'))))
    expect(kind).toBe('region');

  // Arrow keys move between tabs (WAI-ARIA tabs).
  await tabs.getByRole('tab', { name: 'Regional' }).press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Global' })).toBeFocused();
  const cards = page.getByTestId('panel-global').getByTestId('package-card');
  await expect(cards.first()).toBeVisible();
  for (const type of await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-type'))))
    expect(type).toBe('global');

  // A region page lists its countries and packages.
  await tabs.getByRole('tab', { name: 'Regional' }).click();
  await regions.filter({ hasText: 'Europe' }).click();
  await expect(page).toHaveURL(/\/regions\/europe$/);
  await expect(page.getByTestId('region-countries').getByRole('link', { name: 'Germany' })).toBeVisible();
  await expect(page.getByTestId('package-card').first()).toHaveAttribute('data-type', 'regional');
});

test('a tab tapped before the scripts arrive opens it all the same', async ({ page }) => {
  await withLanguage(page, 'en');
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('tablist').getByRole('tab', { name: 'Global' }).click();
  await expect(page).toHaveURL(/\/\?tab=global#packages$/);
  await expect(page.getByTestId('panel-global').getByTestId('package-card').first()).toBeVisible();
  await expect(page.getByTestId('panel-local')).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Global' })).toHaveAttribute('aria-selected', 'true');
  release();
  // Once the scripts run, the tabs switch in place and the page keeps its address.
  await waitForHydration(page, '[role="tablist"]');
  await page.getByRole('tab', { name: 'Regional' }).click();
  await expect(page.getByTestId('panel-regional')).toBeVisible();
  await expect(page).toHaveURL(/\/\?tab=global#packages$/);
});

test('unknown country and region codes answer 404 with the not-found page', async ({ page }) => {
  await withLanguage(page, 'en');
  for (const path of ['/countries/zz', '/countries/germany', '/regions/atlantis']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
  }
});

test('text typed into the search before the scripts arrive is searched once they do', async ({ page }) => {
  await withLanguage(page, 'en');
  // The page's scripts wait until the traveller has typed.
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  const search = page.getByTestId('destination-search');
  await search.fill('Germany');
  release();
  await expect(page.locator('input[name="enhanced"]')).toHaveValue('1');
  await expect(search).toHaveValue('Germany');
  await expect(page.getByTestId('search-results').getByRole('link', { name: /Germany/ })).toBeVisible();
});

test('the destination lists keep the server markup through hydration and follow their links in place', async ({
  page,
}) => {
  await withLanguage(page, 'en');
  await page.goto('/');
  const list = page.getByTestId('tab-local-list');
  await waitForHydration(page, '[data-testid="tab-local-list"]');
  const hydrated = (selector: string) =>
    page.evaluate(
      (sel) =>
        [...document.querySelectorAll(sel)].filter((e) =>
          Object.keys(e).some((k) => k.startsWith('__reactFiber')),
        ).length,
      selector,
    );
  // The list itself takes clicks; its hundreds of items are not hydrated (ADR 0028).
  expect(await hydrated('[data-testid="tab-local-list"] li, [data-testid="tab-local-list"] a')).toBe(0);
  // The flag's 24 px box takes the 48 px drawing.
  await expectFlagDrawing(list.locator('img.country-flag').first(), /[a-z]{2}/);

  // A link is followed without a document load, as a <Link> would be.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await list.getByRole('link', { name: /^Germany/ }).click();
  await expect(page).toHaveURL(/\/countries\/de$/);
  await expect(page.getByTestId('country-title')).toHaveText('eSIM for Germany');
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

  // Back on the home page without a document load, React renders the list, and its links still lead on.
  await page.goBack();
  await expect(list.getByRole('link')).not.toHaveCount(0);
  expect(await hydrated('[data-testid="tab-local-list"] a')).toBeGreaterThan(100);
  await list.getByRole('link', { name: /^Austria/ }).click();
  await expect(page).toHaveURL(/\/countries\/at$/);
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
});

test('a page paints styled before any of its scripts is requested, then hydrates', async ({ page }) => {
  await withLanguage(page, 'sa');
  await page.goto('/countries/de');
  await expect(page.locator('input[name="enhanced"]').first()).toHaveValue('1');
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      paint,
      scripts: resources.filter((r) => r.name.endsWith('.js')).map((r) => r.startTime),
      stylesheets: resources.filter((r) => r.name.endsWith('.css')).length,
      direction: getComputedStyle(document.body).direction,
    };
  });
  expect(timing.paint).toBeGreaterThan(0);
  expect(timing.scripts.length).toBeGreaterThan(0);
  // The stylesheet is in the page, and no script competed with the first paint.
  expect(timing.stylesheets).toBe(0);
  for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.paint);
  expect(timing.direction).toBe('rtl');
});
