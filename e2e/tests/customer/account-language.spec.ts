import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localeLabels } from '@esim/contracts/locales';
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration, waitForMail, withLanguage } from '../../fixtures';
import { localPackageSlug } from '../checkout/helpers';

// Issue 40, ADR 0092: one language per buyer. The customer chooses the account's language on the profile and
// every e-mail to the account uses it (a reset asked for from a page in another language too); switching the order
// page's language switches its coupon and gift fields with the rest of the page.

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '../../../packages/i18n/locales');
const gifts = (locale: string) =>
  JSON.parse(readFileSync(join(localesDir, locale, 'gifts.json'), 'utf8')) as {
    fields: { couponCode: string };
    order: { toggle: string };
  };

/** Logs in through the form by field names (the labels are the page's language). */
const login = async (page: Page, email: string, password: string) => {
  await page.goto('/login');
  await page.locator('[name="email"]').fill(email);
  await page.locator('[name="password"]').fill(password);
  await page.getByTestId('login-form').locator('button[type="submit"]').click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
};

for (const locale of ['en', 'sq'] as const) {
  test(`a customer chooses Italian for the account's e-mails on the profile; a reset asked for in ${locale} comes in Italian`, async ({
    page,
    browser,
    customer,
  }) => {
    test.setTimeout(120_000);
    await withLanguage(page, locale);
    await login(page, customer.email, customer.password);
    await page.goto('/profile');
    const select = page.getByTestId('locale-select');
    await expect(select.locator('option')).toHaveCount(12);
    await select.selectOption('it');
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('form-success')).toBeVisible();
    // The page itself stays in the language it was read in.
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await page.reload();
    await expect(page.getByTestId('locale-select')).toHaveValue('it');
    await expect(page.getByTestId('locale-select').locator('option:checked')).toHaveText(localeLabels.it);

    // Signed out, on a page in the visitor's language: the reset link is written in the account's Italian.
    const visitor = await browser.newContext();
    const other = await visitor.newPage();
    await withLanguage(other, locale);
    await other.goto('/forgot-password');
    await other.locator('[name="email"]').fill(customer.email);
    await other.getByRole('main').locator('button[type="submit"]').click();
    await expect(other.getByRole('status')).not.toBeEmpty();
    await waitForMail(customer.email, 'Reimpostazione della password');
    await visitor.close();
  });
}

for (const [from, to] of [
  ['en', 'sq'],
  ['sq', 'en'],
  ['de', 'fr'],
] as const) {
  test(`switching the order page from ${from} to ${to} switches its coupon and gift fields too`, async ({
    page,
  }) => {
    await withLanguage(page, from);
    await page.goto(`/order/${localPackageSlug}`);
    const form = page.getByTestId('order-form');
    await expect(form.getByText(gifts(from).fields.couponCode, { exact: true })).toBeVisible();
    await expect(form.getByText(gifts(from).order.toggle, { exact: true })).toBeVisible();

    await waitForHydration(page, '[data-testid="language-picker"]');
    await page.getByTestId('language-picker').click();
    await page.getByRole('menuitem', { name: localeLabels[to] }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', to);
    await expect(form.getByText(gifts(to).fields.couponCode, { exact: true })).toBeVisible();
    await expect(form.getByText(gifts(to).order.toggle, { exact: true })).toBeVisible();
    await expect(form.getByText(gifts(from).fields.couponCode, { exact: true })).toHaveCount(0);
    await expect(form.getByText(gifts(from).order.toggle, { exact: true })).toHaveCount(0);
  });
}
