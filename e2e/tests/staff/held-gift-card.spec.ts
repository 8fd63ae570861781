import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createTestGiftCard,
  createTestUser,
  expect,
  expectNoAxeViolations,
  test,
  uniqueEmail,
} from '../../fixtures';
import { loginAsStaff } from './staff-session';

// Issue 40, ADR 0092: a blocked buyer's undelivered gift card is held; staff see it held on the gift card screen
// and release it with a reason.

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '../../../packages/i18n/locales');
const words = (locale: string) =>
  JSON.parse(readFileSync(join(localesDir, locale, 'admin-gift-cards.json'), 'utf8')) as {
    giftCards: { deliveryStates: Record<string, string>; heldNote: string };
  };
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

for (const locale of ['en', 'sq'] as const) {
  test(`staff see a blocked buyer's gift card held and release it (${locale})`, async ({ page, admin }) => {
    test.slow();
    const buyer = await createTestUser({ kind: 'customer', firstName: 'Arben', lastName: 'Blocked' });
    const recipient = uniqueEmail('held-recipient');
    const card = await createTestGiftCard({
      buyerEmail: buyer.email,
      recipientEmail: recipient,
      amount: 25,
      sendOn: tomorrow(),
      buyerUserId: buyer.id,
    });
    await loginAsStaff(page, admin);
    await page.evaluate((code) => window.localStorage.setItem('languagePreference', code), locale);
    // A fresh token of the API's own (access tokens live 8 s in the e2e server).
    const login = await page.request.post('/api/staff/auth/login', {
      data: { email: admin.email, password: admin.password },
    });
    const headers = {
      authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
    };
    const client = await page.request.get(`/api/staff/clients/${buyer.id}`, { headers });
    const { version } = ((await client.json()) as { client: { version: string } }).client;
    expect(
      (
        await page.request.post(`/api/staff/clients/${buyer.id}/block`, { headers, data: { version } })
      ).status(),
    ).toBe(200);

    const text = words(locale).giftCards;
    await page.goto(`/orders/gift-cards?q=${encodeURIComponent(recipient)}&deliveryState=held`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const row = page.getByTestId('list-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(text.deliveryStates.held ?? '?');

    await page.goto(`/orders/gift-cards?q=${encodeURIComponent(recipient)}&card=${card.id}`);
    const detail = page.getByTestId('gift-card-detail');
    await expect(detail.getByTestId('gift-card-held-note')).toHaveText(text.heldNote);
    await expect(detail.getByTestId('gift-card-resend')).toHaveCount(0);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await detail.getByTestId('gift-card-release').click();
    await page
      .getByTestId('gift-card-release-reason')
      .fill(locale === 'en' ? 'Paid with their own card' : 'Paguar me kartën e vet');
    await page.getByTestId('gift-card-release-confirm').click();
    await expect(page.getByTestId('toast').first()).toBeVisible();
    await expect(detail.getByTestId('gift-card-state')).toHaveText(text.deliveryStates.scheduled ?? '?');
    await expect(detail.getByTestId('gift-card-held-note')).toHaveCount(0);
  });
}
