import {
  expect,
  expectNoAxeViolations,
  staffURL,
  test,
  uniqueEmail,
  waitForMail,
  withLanguage,
} from '../../fixtures';
import { staffApi } from '../customer/ended-esim-support';
import { loginCustomer } from '../customer/helpers';
import { loginAsStaff } from '../staff/staff-session';
import { cards, localPackageSlug, newBuyer, payOnSandbox, submitOrder } from './helpers';

// Issue 40, ADR 0091: a gift eSIM refunded in full to its giver before the claim cannot be claimed any more; its
// recipient is told why, in their language, and staff see it ended (no resend of a link to a dead eSIM).
test('a gift eSIM refunded to its giver before the claim is refused, saying why (en and sq)', async ({
  page,
  browser,
  admin,
  customer,
}) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await withLanguage(page, 'en');
  const buyer = newBuyer();
  const recipientEmail = uniqueEmail('gift-ended');
  await page.goto(`/order/${localPackageSlug}`);
  const form = page.getByTestId('order-form');
  await page.getByTestId('gift-toggle').check();
  await form.locator('[name="recipientEmail"]').fill(recipientEmail);
  await form.locator('[name="recipientName"]').fill('Luan Berisha');
  await form.locator('[name="recipientLocale"]').selectOption('sq');
  await submitOrder(page, buyer);
  await payOnSandbox(page, cards.success);
  await expect(page).toHaveURL(/\/payment\/success\?/);
  const orderId = new URL(page.url()).searchParams.get('order') ?? '';
  const gift = await waitForMail(recipientEmail, 'ju dërgoi një eSIM', 45_000);
  const claimLink = /(https?:\/\/\S+\/gift\/claim\?token=\S+)/.exec(gift.text)?.[1] ?? '';
  expect(claimLink).not.toBe('');

  // The giver asks for the money back before the recipient claimed it: staff refund it in full.
  await staffApi(admin, 'POST', `/orders/${orderId}/refunds`, {
    amountCents: 'full',
    kind: 'order',
    reason: 'Journey: the giver changed their mind',
  });

  const site = await browser.newContext();
  const recipient = await site.newPage();
  await recipient.emulateMedia({ reducedMotion: 'reduce' });
  await withLanguage(recipient, 'en');
  await loginCustomer(recipient, customer.email, customer.password);
  await recipient.goto(claimLink);
  await recipient.getByTestId('gift-claim-submit').click();
  const claim = recipient.getByTestId('gift-claim');
  await expect(claim.getByRole('alert')).toHaveText(
    'This gift eSIM was cancelled and its price refunded to the person who gave it, so it can no longer be added to an account.',
  );
  // Trying again cannot help: the button goes.
  await expect(recipient.getByTestId('gift-claim-submit')).toHaveCount(0);
  await expectNoAxeViolations(recipient);

  await withLanguage(recipient, 'sq');
  await recipient.goto(claimLink);
  await recipient.getByTestId('gift-claim-submit').click();
  await expect(claim.getByRole('alert')).toHaveText(
    'Ky eSIM dhuratë u anulua dhe çmimi i tij iu rimbursua personit që e dhuroi, prandaj nuk mund të shtohet më në një llogari.',
  );
  await expectNoAxeViolations(recipient);
  // Nothing moved into the recipient's account.
  await recipient.goto('/account/packages');
  await expect(recipient.getByTestId('esim-card')).toHaveCount(0);
  await site.close();

  // Staff: the gift ended before its claim; no new link can be sent to the dead eSIM.
  const staff = await browser.newContext({ baseURL: staffURL });
  const staffPage = await staff.newPage();
  await staffPage.emulateMedia({ reducedMotion: 'reduce' });
  await loginAsStaff(staffPage, admin);
  await staffPage.goto(`/orders/gifts-esims?q=${encodeURIComponent(recipientEmail)}`);
  const row = staffPage.getByTestId('list-row');
  await expect(row).toContainText('Ended before the claim');
  await row.getByRole('link').first().click();
  await expect(staffPage.getByTestId('gift-esim-detail').getByTestId('gift-resend')).toBeDisabled();
  await expectNoAxeViolations(staffPage);
  await staff.close();
});
