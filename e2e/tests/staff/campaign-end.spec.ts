import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, siteURL, test, waitForHydration, withLanguage } from '../../fixtures';
import { localPackageSlug } from '../checkout/helpers';
import { loginAsStaff } from './staff-session';

// Issue 40, ADR 0092: a campaign ended by staff takes its coupon's discount with it. The campaign form says so
// under the coupon, the coupons list shows where the coupon stands, and the order page refuses the code.

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '../../../packages/i18n/locales');
const words = <T>(locale: string, ns: string) =>
  JSON.parse(readFileSync(join(localesDir, locale, `${ns}.json`), 'utf8')) as T;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

for (const locale of ['en', 'sq'] as const) {
  test(`ending a campaign ends its coupon's discount (${locale})`, async ({ page, browser, admin }) => {
    test.slow();
    await loginAsStaff(page, admin);
    await page.evaluate((code) => window.localStorage.setItem('languagePreference', code), locale);
    // A fresh token of the API's own (access tokens live 8 s in the e2e server).
    const login = await page.request.post('/api/staff/auth/login', {
      data: { email: admin.email, password: admin.password },
    });
    const headers = {
      authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
    };
    const code = `ENDS${locale.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
    const coupon = await page.request.post('/api/staff/coupons', {
      headers,
      data: {
        code,
        kind: 'percent',
        percentOff: 20,
        amountOffCents: null,
        startsOn: day(-30),
        endsOn: '',
        maxRedemptions: '',
        maxPerCustomer: '',
        minOrderCents: 0,
        scopePackageSlug: '',
        scopePackageType: '',
        scopeCountry: '',
      },
    });
    expect(coupon.status()).toBe(201);
    // Started long ago, so another journey's campaign (started later) keeps the site's banner meanwhile.
    const created = await page.request.post('/api/staff/campaigns', {
      headers,
      data: {
        name: `Winter ${code}`,
        utmCode: code.toLowerCase(),
        startsOn: day(-20),
        endsOn: day(10),
        couponCode: code,
        bannerTexts: { sq: `Dimër ${code}`, en: `Winter ${code}` },
      },
    });
    expect(created.status()).toBe(201);
    const { id } = ((await created.json()) as { campaign: { id: string } }).campaign;

    // Staff end it: its last day becomes yesterday. The form says what that does to the coupon.
    await page.goto(`/campaigns/edit/${id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const form = page.getByTestId('campaign-form');
    const campaignWords = words<{ campaigns: { form: { couponHelp: string } } }>(locale, 'admin-campaigns');
    await expect(form.getByText(campaignWords.campaigns.form.couponHelp)).toBeVisible();
    await form.locator('[name="endsOn"]').fill(day(-1));
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith(id) && r.ok(),
    );
    await form.locator('button[type="submit"]').click();
    await saved;

    const couponWords = words<{ coupons: { states: Record<string, string> } }>(locale, 'admin-coupons');
    await page.goto(`/coupons/all?q=${code}`);
    await expect(page.getByTestId('list-row')).toHaveCount(1);
    await expect(page.getByTestId('list-row')).toContainText(
      couponWords.coupons.states.campaign_not_running ?? '?',
    );

    // A buyer on the order page, in the same language: the code is refused.
    const site = await browser.newContext({ baseURL: siteURL });
    const buyer = await site.newPage();
    await withLanguage(buyer, locale);
    await buyer.goto(`/order/${localPackageSlug}`);
    // Clicked in the server-rendered page, "apply" would do nothing yet.
    await waitForHydration(buyer, '[data-testid="coupon-apply"]');
    await buyer.getByTestId('order-form').locator('[name="couponCode"]').fill(code);
    await buyer.getByTestId('coupon-apply').click();
    const giftWords = words<{ errors: { COUPON_UNKNOWN: string } }>(locale, 'gifts');
    await expect(buyer.getByText(giftWords.errors.COUPON_UNKNOWN)).toBeVisible();
    await site.close();
  });
}
