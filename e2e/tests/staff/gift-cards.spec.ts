import { createTestGiftCard, expect, expectNoAxeViolations, test, uniqueEmail } from '../../fixtures';
import { loginAsStaff } from './staff-session';

// Issue 31: /orders/gift-cards lists gift cards (code masked, balance, delivery); a card opens beside the list
// with its redemptions, and "resend" e-mails it again, once per click.

for (const [locale, width] of [
  ['en', 1280],
  ['sq', 390],
] as const) {
  test(`admin finds a gift card and resends it (${locale}, ${width} px)`, async ({ page, admin }) => {
    test.slow();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width, height: 900 });
    const recipient = uniqueEmail('gift-recipient');
    const card = await createTestGiftCard({
      buyerEmail: uniqueEmail('gift-buyer'),
      recipientEmail: recipient,
      amount: 40,
    });
    await loginAsStaff(page, admin);
    await page.evaluate((code) => window.localStorage.setItem('languagePreference', code), locale);

    await page.goto(`/orders/gift-cards?q=${encodeURIComponent(recipient)}`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const row = page.getByTestId('list-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`••••-••••-••••-${card.code.slice(-4)}`);
    await expect(row).not.toContainText(card.code);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.goto(`/orders/gift-cards?q=${encodeURIComponent(recipient)}&card=${card.id}`);
    const detail = page.getByTestId('gift-card-detail');
    await expect(detail.getByTestId('gift-card-redemptions')).toBeVisible();
    await detail.getByTestId('gift-card-resend').click();
    await page.getByTestId('gift-card-resend-reason').fill(locale === 'en' ? 'Not received' : 'Nuk u mor');
    await page.getByTestId('gift-card-resend-confirm').click();
    await expect(page.getByTestId('toast').first()).toHaveText(
      locale === 'en' ? 'The gift card e-mail was sent again.' : 'E-maili i kartës dhuratë u dërgua përsëri.',
    );
    await expect(detail).toContainText(locale === 'en' ? 'Times resent' : 'Herë të ridërguara');
  });
}
