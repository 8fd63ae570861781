import { locales } from '@esim/contracts/locales';
import type { Page } from '@playwright/test';
import { expect, siteURL, type TestUser, test, withLanguage } from '../../fixtures';
import { expectNoSidewaysScroll } from '../../fixtures/layout-checks';

// Issue 29: at 390px the home page scrolled sideways in Greek and Macedonian (the package tabs), and the portal
// login in Swedish (a one-word title). Every language on a phone: public pages, auth pages and the portal.
const pages = [
  '/',
  '/countries/de',
  '/regions/europe',
  '/faq',
  '/devices',
  '/become-a-partner',
  '/login',
  '/register',
  '/portal/login',
  '/portal/register',
];

/** Signs the shop user in through the API and stores the token the way the site does, once per tab. */
const signInShop = async (page: Page, user: TestUser) => {
  const response = await fetch(`${siteURL}/api/portal/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const { access_token } = (await response.json()) as { access_token: string };
  // Only the first time: afterwards the site refreshes the short-lived token and stores the new one itself.
  await page.addInitScript((token) => {
    if (!sessionStorage.getItem('e2e-token-set')) {
      localStorage.setItem('auth-token', token);
      sessionStorage.setItem('e2e-token-set', '1');
    }
  }, access_token);
};

test.use({ viewport: { width: 390, height: 844 } });

for (const locale of locales)
  test(`no page scrolls sideways at 390 px in ${locale}`, async ({ page, shopUser }) => {
    // Thirteen pages: room for a loaded 2-core machine.
    test.setTimeout(240_000);
    await withLanguage(page, locale);
    for (const path of pages) {
      // Widths are final once the page and its web fonts have loaded; waiting for the network to go quiet as
      // well cost half a second per page, 156 times.
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await expect(page.locator('html')).toHaveAttribute('data-locale', locale);
      await expectNoSidewaysScroll(page, `${path} in ${locale}`);
    }
    await signInShop(page, shopUser);
    for (const [path, ready] of [
      ['/portal', 'card-credits'],
      ['/portal/new-subscriber', 'portal-nav'],
      ['/portal/top-up', 'top-up-amount'],
    ] as const) {
      await page.goto(path);
      // The portal renders after its session and texts load, later than a server-rendered page.
      await expect(page.getByTestId(ready)).toBeVisible({ timeout: 45_000 });
      await expectNoSidewaysScroll(page, `${path} in ${locale}`);
    }
  });
