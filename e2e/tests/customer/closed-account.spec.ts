import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createTestUser,
  expect,
  siteURL,
  test,
  uniquePhone,
  waitForHydration,
  withLanguage,
} from '../../fixtures';
import { localPackageSlug, submitOrder } from '../checkout/helpers';

// Issue 40, ADR 0092: a deleted customer who comes back hears the same thing at every door (order page, login,
// forgot password, register), in the page's language, instead of being sent from one to the next.

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '../../../packages/i18n/locales');
const deletedSentence = (locale: string) =>
  (
    JSON.parse(readFileSync(join(localesDir, locale, 'common.json'), 'utf8')) as {
      errors: Record<string, string>;
    }
  ).errors.ACCOUNT_DELETED ?? '';

/** Staff delete the customer through the staff API (the clients screens have journeys of their own). */
const deleteCustomer = async (customerId: string) => {
  const admin = await createTestUser({ kind: 'staff', role: 'admin' });
  const login = await fetch(`${siteURL}/api/staff/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const headers = {
    authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
    'content-type': 'application/json',
  };
  const detail = await fetch(`${siteURL}/api/staff/clients/${customerId}`, { headers });
  const { version } = ((await detail.json()) as { client: { version: string } }).client;
  const deleted = await fetch(`${siteURL}/api/staff/clients/${customerId}/delete`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ version }),
  });
  expect(deleted.status).toBe(200);
};

for (const locale of ['en', 'sq'] as const) {
  test(`a deleted customer is told the same at the order page, login, forgot password and register (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    // Not the `customer` fixture: a deleted account is not deleted again when the test ends.
    const customer = await createTestUser({ kind: 'customer', firstName: 'Ada', lastName: 'Gone' });
    await deleteCustomer(customer.id);
    await withLanguage(page, locale);
    const sentence = deletedSentence(locale);
    expect(sentence).not.toBe('');
    const submit = page.getByRole('main').locator('button[type="submit"]');

    await page.goto(`/order/${localPackageSlug}`);
    await submitOrder(page, { fullName: 'Ada Gone', email: customer.email, phone: uniquePhone() });
    await expect(page.getByText(sentence)).toBeVisible();
    await expect(page.getByTestId('email-taken-login')).toHaveCount(0);

    await page.goto('/login');
    await page.locator('[name="email"]').fill(customer.email);
    await page.locator('[name="password"]').fill(customer.password);
    await waitForHydration(page, 'main button[type="submit"]');
    await submit.click();
    await expect(page.getByText(sentence)).toBeVisible();

    await page.goto('/forgot-password');
    await page.locator('[name="email"]').fill(customer.email);
    await waitForHydration(page, 'main button[type="submit"]');
    await submit.click();
    await expect(page.getByText(sentence)).toBeVisible();

    await page.goto('/register');
    await page.locator('[name="firstName"]').fill('Ada');
    await page.locator('[name="lastName"]').fill('Gone');
    await page.locator('[name="email"]').fill(customer.email);
    await page.locator('[name="phoneNumber"]').fill(uniquePhone());
    await page.locator('[name="password"]').fill('Travel-2026!');
    await page.locator('[name="confirmPassword"]').fill('Travel-2026!');
    await waitForHydration(page, 'main button[type="submit"]');
    await submit.click();
    await expect(page.getByText(sentence)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
  });
}
