import {
  expect,
  expectNoAxeViolations,
  staffURL,
  test,
  uniqueEmail,
  uniquePhone,
  waitForMail,
  withLanguage,
} from '../../fixtures';
import { loginAsStaff } from '../staff/staff-session';
import { cards, localPackageSlug, newBuyer, payOnSandbox, submitOrder } from './helpers';

// Issue 31: a gift eSIM reaches its recipient (in their language), who claims it into a new account and sees it in
// the dashboard; staff see it claimed. Axe on the claim page and the staff screen, en and sq, 1280 and 390 px.
test('a gift eSIM reaches its recipient, who claims it and sees it in their dashboard', async ({
  page,
  browser,
  admin,
}) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await withLanguage(page, 'en');
  const buyer = newBuyer();
  const recipientEmail = uniqueEmail('gift-recipient');

  // The buyer: the order page with "a gift for someone else"; an invalid recipient e-mail is refused in words.
  await page.goto(`/order/${localPackageSlug}`);
  const form = page.getByTestId('order-form');
  await page.getByTestId('gift-toggle').check();
  await form.locator('[name="recipientEmail"]').fill('not-an-address');
  await form.locator('[name="recipientName"]').fill('Luan Berisha');
  await form.locator('[name="recipientLocale"]').selectOption('sq');
  await form.locator('[name="message"]').fill('Rrugë të mbarë!');
  await submitOrder(page, buyer);
  await expect(form.getByText("Invalid Recipient's e-mail format")).toBeVisible();
  await form.locator('[name="recipientEmail"]').fill(recipientEmail);
  await page.getByTestId('pay-button').click();
  await payOnSandbox(page, cards.success);
  await expect(page).toHaveURL(/\/payment\/success\?/);
  // The buyer is told where the eSIM went; its QR code is the recipient's.
  await expect(page.getByTestId('gift-sent')).toContainText(recipientEmail, { timeout: 45_000 });
  await expect(page.getByTestId('esim-qr')).toHaveCount(0);

  // The recipient's e-mail, in Albanian, with the claim link; the buyer's confirmation.
  const gift = await waitForMail(recipientEmail, 'ju dërgoi një eSIM', 45_000);
  expect(gift.text).toContain('Rrugë të mbarë!');
  await waitForMail(buyer.email, 'Your gift eSIM is on its way');
  const claimLink = /(https?:\/\/\S+\/gift\/claim\?token=\S+)/.exec(gift.text)?.[1] ?? '';
  expect(claimLink).not.toBe('');

  // The recipient, signed out: the claim page in sq at phone width (axe), then in en at 1280 px.
  const site = await browser.newContext();
  const recipient = await site.newPage();
  await recipient.emulateMedia({ reducedMotion: 'reduce' });
  await withLanguage(recipient, 'sq');
  await recipient.setViewportSize({ width: 390, height: 844 });
  await recipient.goto(claimLink);
  await expect(recipient.getByRole('heading', { level: 1 })).toHaveText('Merrni eSIM-in tuaj dhuratë');
  await expectNoAxeViolations(recipient);
  await withLanguage(recipient, 'en');
  await recipient.setViewportSize({ width: 1280, height: 800 });
  await recipient.goto(claimLink);
  await expect(recipient.getByRole('heading', { level: 1 })).toHaveText('Claim your gift eSIM');
  await expectNoAxeViolations(recipient);

  // Registering returns to the claim page; the eSIM moves into the new account and shows in the dashboard.
  await recipient.getByTestId('gift-claim-register').click();
  await expect(recipient).toHaveURL(/\/register$/);
  const password = 'Gifted-2026-eSIM';
  await recipient.getByLabel('First name').fill('Luan');
  await recipient.getByLabel('Last name').fill('Berisha');
  await recipient.getByLabel('E-mail').fill(uniqueEmail('claimer'));
  await recipient.getByLabel('Phone number').fill(uniquePhone());
  await recipient.getByLabel(/^Password/).fill(password);
  await recipient.getByLabel('Confirm password').fill(password);
  await recipient.getByRole('button', { name: 'Register' }).click();
  await expect(recipient).toHaveURL(/\/gift\/claim\?token=/);
  await recipient.getByTestId('gift-claim-submit').click();
  await expect(recipient.getByTestId('gift-claim')).toContainText('is now in your account');
  await recipient.getByTestId('gift-claim-qr').click();
  await expect(recipient.getByTestId('esim-qr-code')).toBeVisible();
  await site.close();

  // Staff: the gift is claimed; the screen passes axe in en at 1280 px and sq at 390 px.
  const staff = await browser.newContext({ baseURL: staffURL });
  const staffPage = await staff.newPage();
  await staffPage.emulateMedia({ reducedMotion: 'reduce' });
  await staffPage.setViewportSize({ width: 1280, height: 800 });
  await loginAsStaff(staffPage, admin);
  await staffPage.goto(`/orders/gifts-esims?q=${encodeURIComponent(recipientEmail)}`);
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Gift eSIM orders' })).toBeVisible();
  const row = staffPage.getByTestId('list-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Claimed');
  await expectNoAxeViolations(staffPage);
  // Its detail beside the list: who claimed it; a claimed gift is not resent.
  await row.getByRole('link').first().click();
  const detail = staffPage.getByTestId('gift-esim-detail');
  await expect(detail.getByTestId('gift-claimedByEmail')).not.toBeEmpty();
  await expect(detail.getByTestId('gift-resend')).toBeDisabled();
  await staffPage.setViewportSize({ width: 390, height: 844 });
  await staffPage.evaluate(() => window.localStorage.setItem('languagePreference', 'sq'));
  await staffPage.goto(`/orders/gifts-esims?q=${encodeURIComponent(recipientEmail)}`);
  await expect(staffPage.getByTestId('list-row')).toContainText('Marrë');
  await expectNoAxeViolations(staffPage);
  await staff.close();
});
