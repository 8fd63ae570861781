import { expect, expectNoAxeViolations, test, uniqueEmail, waitForMail, withLanguage } from '../../fixtures';
import { cards, newBuyer, payOnSandbox, submitOrder } from './helpers';

/** A local package dearer than the 10-euro card (the sandbox catalogue's 20 GB bundle). */
const dearSlug = 'de-20gb-30d';

// Issue 31: a visitor buys a gift card on /gift-cards (paid on the card page, e-mailed to the recipient), and a
// second customer uses part of it on the order page and pays the rest by card.

const euros = (text: string) => Number(text.replace(/[^\d,.]/g, '').replace(',', '.'));

test("a gift card is bought, e-mailed with its code, and pays part of another customer's order", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await withLanguage(page, 'en');
  const recipient = uniqueEmail('gift-recipient');

  await page.goto('/gift-cards');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Give a gift card');
  await expectNoAxeViolations(page);
  const form = page.getByTestId('gift-card-form');
  await form.locator('[name="amount"]').fill('10');
  await form.locator('[name="recipientEmail"]').fill(recipient);
  await form.locator('[name="recipientLocale"]').selectOption('en');
  await form.locator('[name="message"]').fill('Safe travels, Besa!');
  await form.locator('[name="fullName"]').fill('Ana Berisha');
  await form.locator('[name="email"]').fill(uniqueEmail('gift-buyer'));
  await form.locator('button[type="submit"]').click();
  await payOnSandbox(page, cards.success);
  await expect(page).toHaveURL(/\/gift-cards\?order=/);
  await expect(page.getByTestId('gift-card-status')).toHaveText(
    'Thank you! The gift card is paid and will be e-mailed on the day you chose.',
  );

  // The recipient's e-mail, from the dev mailbox: the message and the code.
  const mail = await waitForMail(recipient, 'gift card', 30_000);
  expect(mail.text).toContain('Safe travels, Besa!');
  const code = /[0-9A-Z]{4}(?:-[0-9A-Z]{4}){3}/.exec(mail.text)?.[0];
  expect(code).toBeDefined();

  // A second customer: the code pays 10 euros, the card page charges the rest.
  await page.goto(`/order/${dearSlug}`);
  const price = euros((await page.getByTestId('order-price').textContent()) ?? '');
  expect(price).toBeGreaterThan(10);
  const order = page.getByTestId('order-form');
  await order.locator('[name="giftCardCode"]').fill(String(code).toLowerCase());
  await page.getByTestId('gift-card-apply').click();
  await expect(page.getByTestId('gift-card-note')).toContainText('The gift card pays €10.00');
  await submitOrder(page, newBuyer());
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  expect(euros((await page.locator('.amount').textContent()) ?? '')).toBeCloseTo(price - 10, 2);
  await payOnSandbox(page, cards.success);
  await expect(page).toHaveURL(/\/payment\/success\?/);
  await expect(page.getByTestId('esim-qr')).toBeVisible({ timeout: 45_000 });

  // Spent: a third order with it is refused, in words, and nothing is charged.
  await page.goto(`/order/${dearSlug}`);
  await page.getByTestId('order-form').locator('[name="giftCardCode"]').fill(String(code));
  await page.getByTestId('gift-card-apply').click();
  await expect(page.getByTestId('gift-card-note')).toHaveText('This gift card has no balance left.');
});

test('the gift-card page in Albanian on a phone: its words, its checks, no axe violations', async ({
  page,
}) => {
  await withLanguage(page, 'sq');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/gift-cards');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dhuroni një kartë dhuratë');
  const form = page.getByTestId('gift-card-form');
  await form.locator('[name="amount"]').fill('5');
  await form.locator('button[type="submit"]').click();
  await expect(form.getByText('Shuma në euro', { exact: false }).first()).toBeVisible();
  await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectNoAxeViolations(page);
});
