import { expect, expectNoAxeViolations, siteURL, test, withLanguage } from '../../fixtures';
import { loginAsStaff } from './staff-session';

// Issue 32: analytics (or admin) creates a campaign, writes its banner in Arabic on /campaigns/languages/{id},
// and the Arabic site shows it above the header; its orders screen lists what it brought.

// One banner shows at a time (the latest started campaign): the two runs of this journey take turns, or the
// second's banner would take the first's place on the site while the first looks for it.
test.describe.configure({ mode: 'default' });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

for (const [locale, width] of [
  ['en', 1280],
  ['sq', 390],
] as const) {
  test(`a campaign banner appears in Arabic on the Arabic site (${locale}, ${width} px)`, async ({
    page,
    browser,
    analytics,
  }) => {
    test.slow();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width, height: 900 });
    await loginAsStaff(page, analytics);
    await page.evaluate((code) => window.localStorage.setItem('languagePreference', code), locale);
    const utm = `e2e-${locale}-${Date.now().toString(36)}`;
    const arabic = `تخفيضات الصيف ${utm}`;

    await page.goto('/campaigns/create');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const form = page.getByTestId('campaign-form');
    await expect(form).toBeVisible();
    await expectNoAxeViolations(page);
    await form.locator('[name="name"]').fill(`Summer ${utm}`);
    await form.locator('[name="utmCode"]').fill(utm);
    await form.locator('[name="startsOn"]').fill(day(-1));
    await form.locator('[name="endsOn"]').fill(day(7));
    await form.locator('[name="bannerTexts.en"]').fill(`Summer sale ${utm}`);
    // Albanian is required: refused in words, nothing saved.
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('[name="bannerTexts.sq"]')).toHaveAttribute('aria-invalid', 'true');
    await form.locator('[name="bannerTexts.sq"]').fill(`Ulje vere ${utm}`);
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/campaigns\/edit\//);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByTestId('campaign-languages-link').click();
    const languages = page.getByTestId('campaign-languages-form');
    await expect(languages).toBeVisible();
    await expectNoAxeViolations(page);
    await languages.locator('[name="bannerTexts.sa"]').fill(arabic);
    // The save's own answer, not any toast: the create form's toast may still be showing, and leaving the page
    // before the save answered would drop the Arabic text.
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith('/languages') && r.ok(),
    );
    await languages.locator('button[type="submit"]').click();
    await saved;
    await expect(page.getByTestId('toast').first()).toBeVisible();

    await page.goto(`/campaigns/all?q=${utm}`);
    await expect(page.getByTestId('list-row')).toHaveCount(1);
    await expectNoAxeViolations(page);
    await page.getByTestId('list-row').getByRole('link').last().click();
    await expect(page.getByTestId('campaign-revenue')).toBeVisible();
    await expectNoAxeViolations(page);

    // A visitor of the Arabic site sees it within seconds (the server reads it at most every five).
    const site = await browser.newContext({ baseURL: siteURL });
    const visitor = await site.newPage();
    await withLanguage(visitor, 'sa');
    await expect(async () => {
      await visitor.goto('/');
      await expect(visitor.getByTestId('campaign-banner')).toHaveText(arabic, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(visitor.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectNoAxeViolations(visitor);
    await site.close();

    // Ended yesterday: the other journeys' pages show no banner of this one.
    await page.getByTestId('campaign-languages-link').waitFor();
    await page.goto(page.url().replace('/orders/', '/edit/'));
    await page.getByTestId('campaign-form').locator('[name="endsOn"]').fill(day(-1));
    await page.getByTestId('campaign-form').locator('button[type="submit"]').click();
    await expect(page.getByTestId('campaign-state')).toHaveText(locale === 'en' ? 'Ended' : 'E mbaruar');
  });
}
