import { expect, type Page } from '@playwright/test';
import { demoPassword } from '../../fixtures';
import { cards, localPackageSlug, payOnSandbox, waitForQrCode } from '../checkout/helpers';
import { type Customer, registerCustomer } from './helpers';

/**
 * The seeded demo customer (packages/db/src/seed/orders.ts, seedDemoEsims): a German eSIM with a 5 GB package
 * in use (1,843 MB used) and a second one queued behind it. Read only here: never change its password or data.
 */
export const demoCustomer = { email: 'customer@demo.esim', password: demoPassword };

/** Logs the demo customer in by field name, so it works in every language. */
export const loginAsDemoCustomer = async (page: Page) => {
  await page.goto('/login');
  const form = page.getByRole('main').locator('form');
  await form.locator('[name="email"]').fill(demoCustomer.email);
  await form.locator('[name="password"]').fill(demoCustomer.password);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('account-menu')).toBeVisible();
};

/** The signed-in customer buys an eSIM on the order page (details filled in) and waits for its QR code. */
export const buyEsimSignedIn = async (page: Page, slug = localPackageSlug) => {
  await page.goto(`/order/${slug}`);
  const form = page.getByTestId('order-form');
  await expect(form.locator('[name="email"]')).not.toHaveValue('');
  await expect(page.getByTestId('phone-input')).not.toHaveValue('');
  await page.getByTestId('pay-button').click();
  await payOnSandbox(page, cards.success);
  await expect(page).toHaveURL(/\/payment\/success\?/);
  await waitForQrCode(page);
};

/** A fresh customer (registered through the form, signed in) who owns one eSIM with an active package. */
export const newCustomerWithEsim = async (page: Page): Promise<Customer> => {
  const customer = await registerCustomer(page);
  await buyEsimSignedIn(page);
  return customer;
};

/**
 * Counts what POSTs to an API path created from now on (201 answers: one click, one order). With the journeys'
 * short-lived tokens a request may be answered 401 "token expired" and sent again after the refresh: that is
 * still one order, so only created answers count.
 */
export const countPosts = (page: Page, path: string | RegExp) => {
  const seen: string[] = [];
  page.on('response', (response) => {
    const request = response.request();
    const pathname = new URL(request.url()).pathname;
    if (
      request.method() === 'POST' &&
      response.status() === 201 &&
      (typeof path === 'string' ? pathname === path : path.test(pathname))
    )
      seen.push(pathname);
  });
  return seen;
};
