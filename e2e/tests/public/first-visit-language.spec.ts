import type { Page, Response } from '@playwright/test';
import { expect, siteURL, test } from '../../fixtures';
import { expectNoFixedElementOverPrimaryActions, expectUnobstructed } from '../../fixtures/layout-checks';
import { addressIn, findForeignText, htmlLang, textOfHtml, textOfPage } from '../../fixtures/locale-text';
import {
  cards,
  localPackageSlug,
  newBuyer,
  payOnSandbox,
  submitOrder,
  waitForQrCode,
} from '../checkout/helpers';

/** Every page of the public site (lib/public-pages.ts plus a country and a region page). */
const publicPages = [
  '/',
  '/about',
  '/devices',
  '/how-to-connect',
  '/faq',
  '/contact',
  '/become-a-partner',
  '/terms',
  '/privacy',
  '/countries/de',
  '/regions/europe',
];

/** The scripts took over: the cookie banner's form says so (no consent is given in these visits). */
const hydrated = (page: Page) => expect(page.locator('input[name="enhanced"]')).toHaveValue('1');

/** The document's <html> start tag, enough to name the language it was served in. */
const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0] ?? 'no <html> element';

const expectInLanguage = async (page: Page, response: Response | null, locale: string) => {
  const html = (await response?.text()) ?? '';
  expect(htmlTag(html), `${page.url()}: first byte`).toContain(`lang="${htmlLang[locale]}"`);
  expect(findForeignText(textOfHtml(html), locale), `${page.url()}: first byte`).toEqual([]);
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLang[locale] ?? locale);
  expect(findForeignText(await textOfPage(page), locale), `${page.url()}: after hydration`).toEqual([]);
};

const visitors = [
  { country: 'AL', locale: 'sq' },
  { country: 'US', locale: 'en' },
  { country: 'DE', locale: 'de' },
  { country: 'SA', locale: 'sa' },
  { country: 'NL', locale: 'en' },
] as const;

for (const { country, locale } of visitors) {
  test.describe(`a first visit from ${country}`, () => {
    test.use({
      extraHTTPHeaders: { 'X-Forwarded-For': addressIn[country] },
      viewport: { width: 390, height: 844 },
    });

    test(`gets every public page entirely in ${locale}, with no fixed element over an action`, async ({
      page,
    }) => {
      test.setTimeout(150_000);
      for (const path of publicPages) {
        const response = await page.goto(path);
        // Its language came from the country: kept from shared caches, but not `no-store`, which would keep the
        // page out of the browser's back/forward cache.
        expect(response?.headers()['cache-control'], path).toBe('private, no-cache');
        await expectInLanguage(page, response, locale);
        await expectNoFixedElementOverPrimaryActions(page);
      }
    });

    test(`buys in ${locale}: order page, card page and the success page with its QR code unobstructed`, async ({
      page,
    }) => {
      test.setTimeout(150_000);
      await expectInLanguage(page, await page.goto(`/order/${localPackageSlug}`), locale);
      await expectNoFixedElementOverPrimaryActions(page);
      // The detected language is used, never saved (SPEC: saved when selected).
      expect(await page.evaluate(() => localStorage.getItem('languagePreference'))).toBeNull();

      const cardPage = page.waitForResponse((r) => /\/sandbox\/checkout\//.test(r.url()) && r.ok());
      await submitOrder(page, newBuyer());
      const cardHtml = await (await cardPage).text();
      expect(htmlTag(cardHtml)).toContain(`lang="${htmlLang[locale]}"`);
      expect(findForeignText(textOfHtml(cardHtml), locale), 'sandbox card page').toEqual([]);
      await expectNoFixedElementOverPrimaryActions(page);

      const successPage = page.waitForResponse((r) => /\/payment\/success\?/.test(r.url()));
      await payOnSandbox(page, cards.success);
      const successHtml = await (await successPage).text();
      expect(htmlTag(successHtml)).toContain(`lang="${htmlLang[locale]}"`);
      expect(findForeignText(textOfHtml(successHtml), locale), 'success page: first byte').toEqual([]);
      await waitForQrCode(page);
      await hydrated(page);
      await expect(page.getByTestId('esim-android-steps').locator('li').first()).toBeVisible();
      expect(findForeignText(await textOfPage(page), locale), 'success page with the QR code').toEqual([]);

      // At 390 px the QR code is free whatever the cookie banner's state: shown, then answered.
      await expect(page.getByTestId('cookie-banner')).toBeVisible();
      await expectUnobstructed(page.getByTestId('esim-qr'));
      await expectNoFixedElementOverPrimaryActions(page);
      await page.getByTestId('cookie-banner').locator('button[value="rejected"]').click();
      await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
      await expectUnobstructed(page.getByTestId('esim-qr'));
    });
  });
}

test.describe('a saved choice', () => {
  test.use({ extraHTTPHeaders: { 'X-Forwarded-For': addressIn.DE } });

  test('wins over the country, and choosing another re-renders server content without a reload', async ({
    page,
    context,
  }) => {
    await context.addCookies([{ name: 'lang', value: 'it', url: siteURL }]);
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('languagePreference', 'it');
        sessionStorage.setItem('seeded', '1');
      }
    });
    const response = await page.goto('/faq');
    expect(htmlTag((await response?.text()) ?? '')).toContain('lang="it"');
    await hydrated(page);
    expect(findForeignText(await textOfPage(page), 'it')).toEqual([]);

    // FAQ questions come from the server's loader: they follow the new choice without a reload.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const firstQuestion = page.getByTestId('faq-item').first().locator('summary');
    const italian = await firstQuestion.textContent();
    await page.getByTestId('language-picker').click();
    await page.getByRole('menuitem', { name: 'Shqip' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sq');
    await expect(firstQuestion).not.toHaveText(italian ?? '');
    await expect.poll(async () => findForeignText(await textOfPage(page), 'sq')).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(await page.evaluate(() => localStorage.getItem('languagePreference'))).toBe('sq');

    // And the next page comes from the server in the saved choice, not the country's language.
    const next = await page.goto('/how-to-connect');
    expect(htmlTag((await next?.text()) ?? '')).toContain('lang="sq"');
  });
});

test('a crawler gets the default language on an unprefixed address, whatever its country', async ({
  request,
}) => {
  const crawl = (path: string) =>
    request.get(path, {
      headers: {
        'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        'X-Forwarded-For': addressIn.DE,
      },
    });
  expect(htmlTag(await (await crawl('/faq')).text())).toContain('lang="sq"');
  expect(htmlTag(await (await crawl('/faq?lang=de')).text())).toContain('lang="de"');
});
