import type { Request } from '@playwright/test';
import { expect, expectNoAxeViolations, siteURL, test, withLanguage } from '../../fixtures';

// ADR 0086: a visitor changes their cookie choice through the footer's "Cookie settings". Withdrawing statistics
// consent stops the beacon at once and forgets the visit (and a partner's code); accepting later sends again.
// Before any choice, a partner's ?ref= code is not stored on the device.

const isBeacon = (request: Request) => new URL(request.url()).pathname === '/api/traffic/views';

const words = {
  en: { accept: 'Accept', reject: 'Reject', settings: 'Cookie settings', faq: 'FAQ' },
  sq: { accept: 'Prano', reject: 'Refuzo', settings: 'Cilësimet e cookie-ve', faq: 'Pyetje të shpeshta' },
} as const;

for (const locale of ['en', 'sq'] as const) {
  test(`accepts, then withdraws through the footer: no beacon after that, until accepted again (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const w = words[locale];
    const site = await browser.newContext({ baseURL: siteURL });
    const page = await site.newPage();
    await withLanguage(page, locale);
    const beacons: string[] = [];
    page.on('request', (request) => {
      if (isBeacon(request)) beacons.push(request.url());
    });
    const stored = (key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);
    const banner = page.getByTestId('cookie-banner');

    await page.goto('/?ref=E2E-PARTNER1');
    await expect(banner).toBeVisible();
    // No choice yet: the partner's code is held in memory, not stored.
    expect(await stored('referral')).toBeNull();
    await banner.getByRole('button', { name: w.accept }).click();
    await expect(banner).toBeHidden();
    await expect.poll(() => beacons.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await stored('traffic-visit')).not.toBeNull();
    expect(JSON.parse((await stored('referral')) ?? '{}')).toMatchObject({ code: 'E2E-PARTNER1' });

    // The footer reopens the choice, on top of the page, in the page's language.
    await page.getByRole('contentinfo').getByRole('link', { name: w.settings }).click();
    await expect(page).toHaveURL(/\?cookie-settings/);
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: w.reject })).toBeVisible();
    await expectNoAxeViolations(page);
    await banner.getByRole('button', { name: w.reject }).click();
    await expect(banner).toBeHidden();
    expect(await stored('traffic-visit')).toBeNull();
    expect(await stored('referral')).toBeNull();
    const sentBefore = beacons.length;

    // Pages after the withdrawal, in the app and loaded afresh, past the beacon's five seconds: nothing sent.
    await page.getByRole('link', { name: w.faq }).first().click();
    await expect(page).toHaveURL(/\/faq/);
    await page.waitForTimeout(6_000);
    await page.goto('/about');
    await page.waitForTimeout(6_000);
    await page.goto('/');
    expect(beacons.length).toBe(sentBefore);
    expect(await stored('traffic-visit')).toBeNull();

    // Accepting again starts sending again.
    await page.getByRole('contentinfo').getByRole('link', { name: w.settings }).click();
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: w.accept }).click();
    await expect(banner).toBeHidden();
    await expect.poll(() => beacons.length, { timeout: 10_000 }).toBeGreaterThan(sentBefore);
    expect(await stored('traffic-visit')).not.toBeNull();
    await site.close();
  });
}
