import { expect, type Page } from '@playwright/test';
import { siteURL, uniqueEmail, uniquePhone } from '../../fixtures';

/** A local (single-country) package of the seeded catalogue. */
export const localPackageSlug = 'de-5gb-30d';

/** The sandbox provider's test cards (apps/server/src/adapters/payments/sandbox.ts). */
export const cards = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

export type Buyer = { fullName: string; email: string; phone: string };

export const newBuyer = (): Buyer => ({
  fullName: 'Ada Lovelace',
  email: uniqueEmail('buyer'),
  phone: uniquePhone(),
});

export type OutboxAttachment = { filename: string; contentType: string; inline: boolean; url: string };
export type OutboxMail = {
  id: string;
  to: string;
  subject: string | null;
  text: string;
  attachments: OutboxAttachment[];
};

/** Fills the order form by field name (works in every language) and presses pay. */
export const submitOrder = async (page: Page, buyer: Buyer) => {
  const form = page.getByTestId('order-form');
  await form.locator('[name="fullName"]').fill(buyer.fullName);
  await form.locator('[name="email"]').fill(buyer.email);
  await page.getByTestId('phone-input').fill(buyer.phone);
  await page.getByTestId('pay-button').click();
};

/** Pays on the sandbox provider's hosted card page (fields by id: the page is translated). */
export const payOnSandbox = async (page: Page, card: string) => {
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.locator('#number').fill(card);
  await page.locator('#expiry').fill('12/34');
  await page.locator('#cvc').fill('123');
  await page.locator('form button[type="submit"]').click();
};

/** Order page -> card page -> the payment return page (success or failure). */
export const buyPackage = async (page: Page, buyer: Buyer, card: string, slug = localPackageSlug) => {
  await page.goto(`/order/${slug}`);
  await submitOrder(page, buyer);
  await payOnSandbox(page, card);
  await expect(page).toHaveURL(card === cards.success ? /\/payment\/success\?/ : /\/payment\/failed\?/);
};

/** Waits until the success page shows the QR code (fulfilment runs in the background). */
export const waitForQrCode = async (page: Page) => {
  await expect(page.getByTestId('esim-qr')).toBeVisible({ timeout: 45_000 });
};

/** GET /api/auth/user-profile with a fresh login (access tokens live 8 s in the e2e server). */
export const getUserProfile = async (email: string, password: string) => {
  const login = await fetch(`${siteURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(login.status).toBe(200);
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}` };
  const response = await fetch(`${siteURL}/api/auth/user-profile`, { headers });
  expect(response.status).toBe(200);
  const orders = await fetch(`${siteURL}/api/account/orders`, { headers });
  expect(orders.status).toBe(200);
  return {
    ...((await response.json()) as {
      user: { email: string; first_name: string; last_name: string; phone: string | null };
    }),
    orders: ((await orders.json()) as { items: { number: string; status: string; payment: string }[] }).items,
  };
};
