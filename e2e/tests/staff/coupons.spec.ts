import { expect, expectNoAxeViolations, siteURL, test, withLanguage } from '../../fixtures';
import { cards, localPackageSlug, newBuyer, payOnSandbox } from '../checkout/helpers';
import { loginAsStaff } from './staff-session';

// Issue 32: an admin creates a coupon on /coupons/create, finds it on /coupons/all, and a buyer pays the
// discounted price with it on the site.

const euros = (cents: number) =>
  new RegExp(`${Math.floor(cents / 100)}[.,]${String(cents % 100).padStart(2, '0')}`);

for (const [locale, width] of [
  ['en', 1280],
  ['sq', 390],
] as const) {
  test(`admin creates a coupon and a buyer pays the discounted price (${locale}, ${width} px)`, async ({
    page,
    browser,
    admin,
  }) => {
    test.slow();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width, height: 900 });
    await loginAsStaff(page, admin);
    await page.evaluate((code) => window.localStorage.setItem('languagePreference', code), locale);
    const code = `E2E-${locale}-${Date.now().toString(36)}`.toUpperCase();

    await page.goto('/coupons/create');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const form = page.getByTestId('coupon-form');
    await expect(form).toBeVisible();
    await expectNoAxeViolations(page);
    await form.locator('[name="code"]').fill(code.toLowerCase());
    await form.locator('[name="percentOff"]').fill('150');
    await form.locator('[name="maxRedemptions"]').fill('5');
    await form.locator('button[type="submit"]').click();
    // Over 100 is refused under the field before anything is sent.
    await expect(form.locator('[name="percentOff"]')).toHaveAttribute('aria-invalid', 'true');
    await form.locator('[name="percentOff"]').fill('20');
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/coupons\/edit\//);
    await expect(page.getByTestId('coupon-uses')).toContainText(locale === 'en' ? '0 of 5 used' : '0 nga 5');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.goto(`/coupons/all?q=${code}`);
    await expect(page.getByTestId('list-row')).toHaveCount(1);
    await expect(page.getByTestId('list-row')).toContainText(code);
    await expectNoAxeViolations(page);

    // The buyer, in a browser of their own on the site.
    const site = await browser.newContext({ baseURL: siteURL });
    const buyerPage = await site.newPage();
    const preview = await buyerPage.request.post('/api/coupons/preview', {
      data: { code, packageSlug: localPackageSlug },
    });
    const { totalCents, discountCents } = (await preview.json()) as {
      totalCents: number;
      discountCents: number;
    };
    expect(discountCents).toBeGreaterThan(0);
    await withLanguage(buyerPage, locale);
    await buyerPage.goto(`/order/${localPackageSlug}`);
    const buyer = newBuyer();
    const order = buyerPage.getByTestId('order-form');
    await order.locator('[name="fullName"]').fill(buyer.fullName);
    await order.locator('[name="email"]').fill(buyer.email);
    await buyerPage.getByTestId('phone-input').fill(buyer.phone);
    await order.locator('[name="couponCode"]').fill(code.toLowerCase());
    await buyerPage.getByTestId('coupon-apply').click();
    await expect(buyerPage.getByTestId('coupon-note')).toContainText(euros(totalCents));
    await expect(buyerPage.getByTestId('pay-button')).toContainText(euros(totalCents));
    await buyerPage.getByTestId('pay-button').click();
    await expect(buyerPage.locator('.amount')).toContainText(euros(totalCents));
    await payOnSandbox(buyerPage, cards.success);
    await expect(buyerPage).toHaveURL(/\/payment\/success\?/);
    await site.close();

    await page.goto(`/coupons/all?q=${code}`);
    await expect(page.getByTestId('list-row')).toContainText(locale === 'en' ? '1 of 5 used' : '1 nga 5');
  });
}
