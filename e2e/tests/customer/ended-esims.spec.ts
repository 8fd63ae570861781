import {
  createTestUser,
  expect,
  expectNoAxeViolations,
  test,
  waitForMail,
  withLanguage,
} from '../../fixtures';
import { cancelOrderPackage, freeEsim, paidEsimOrder } from './ended-esim-support';
import { loginCustomer } from './helpers';

// Issues 39 and 40, ADR 0091: an eSIM that was cancelled or freed says what happened instead of handing out its
// QR code. The customers here get orders, so they stay in the run's database (an account with orders is kept).

test('the QR page of a cancelled eSIM says what happened instead of a QR code (en and sq)', async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const customer = await createTestUser({ kind: 'customer', firstName: 'Ada', lastName: 'Traveller' });
  const order = await paidEsimOrder(customer);
  await cancelOrderPackage(admin, order.id);
  const digits = order.iccid.slice(-4);

  await withLanguage(page, 'en');
  await loginCustomer(page, customer.email, customer.password);
  // A link to this eSIM's QR code (from an e-mail, a bookmark): what happened, no QR code.
  await page.goto(`/account/qr-code?esim=${order.esimId}`);
  const note = page.getByTestId('esim-ended');
  await expect(note).toContainText(`eSIM ending ${digits}`);
  await expect(note).toContainText(
    'This eSIM was cancelled and no longer works: its QR code cannot be installed and no package can be added to it.',
  );
  await expect(note.getByTestId('esim-ended-on')).toContainText('Stopped working on');
  await expect(page.getByTestId('esim-qr-code')).toHaveCount(0);
  await expect(page.locator('img[alt*="QR"]')).toHaveCount(0);
  await expectNoAxeViolations(page);
  // Without a link: no working eSIM, so no QR code, and the newest eSIM's story.
  await page.goto('/account/qr-code');
  await expect(page.getByTestId('no-qr-code')).toBeVisible();
  await expect(page.getByTestId('esim-ended')).toContainText('This eSIM was cancelled');
  // The active packages screen: its state and what happened, no QR code or top-up button.
  await page.goto('/account/packages');
  const card = page.getByTestId('esim-card');
  await expect(card).toHaveAttribute('data-status', 'cancelled');
  await expect(card.getByTestId('esim-status')).toHaveText('Cancelled');
  await expect(card.getByTestId('esim-ended')).toContainText('What was refunded is shown with its order.');
  await expect(card.getByTestId('buy-more')).toHaveCount(0);

  await withLanguage(page, 'sq');
  await page.goto(`/account/qr-code?esim=${order.esimId}`);
  await expect(page.getByTestId('esim-ended')).toContainText(
    'Ky eSIM u anulua dhe nuk funksionon më: kodi i tij QR nuk mund të instalohet',
  );
  await expect(page.getByTestId('esim-ended-on')).toContainText('Nuk funksionon më që nga');
  await expect(page.getByTestId('esim-qr-code')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.goto('/account/packages');
  await expect(page.getByTestId('esim-status')).toHaveText('E anuluar');
  await expectNoAxeViolations(page);
});

test('a freed eSIM is explained, with what comes back, and e-mailed once (en, then sq and Arabic on screen)', async ({
  page,
  admin,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const customer = await createTestUser({ kind: 'customer', firstName: 'Ada', lastName: 'Traveller' });
  const order = await paidEsimOrder(customer, 40);
  expect((await freeEsim(admin, order.iccid)).freed).toBe(1);
  const mail = await waitForMail(customer.email, 'was released');
  expect(mail.text).toContain('was never installed or used, so we released it at our provider');
  expect(mail.text).toContain('Nothing is refunded automatically.');
  expect(mail.text).toContain(order.number);

  await withLanguage(page, 'en');
  await loginCustomer(page, customer.email, customer.password);
  await page.goto('/account/packages');
  const card = page.getByTestId('esim-card');
  await expect(card).toHaveAttribute('data-status', 'freed');
  await expect(card.getByTestId('esim-ended')).toContainText(
    'This eSIM was released because it was never installed or used',
  );
  await expect(card.getByTestId('esim-ended')).not.toContainText('replaced');

  await withLanguage(page, 'sq');
  await page.goto('/account/packages');
  await expect(card.getByTestId('esim-ended')).toContainText(
    'Ky eSIM u lirua sepse nuk u instalua e nuk u përdor kurrë',
  );
  await expect(card.getByTestId('esim-ended')).toContainText('Asgjë nuk u rimbursua automatikisht');
  await expect(card.getByTestId('esim-status')).toHaveText('I liruar');
  await expectNoAxeViolations(page);
  await card.screenshot({ path: testInfo.outputPath('freed-esim-sq.png') });

  await withLanguage(page, 'sa');
  await page.goto('/account/packages');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(card.getByTestId('esim-ended')).toContainText(
    'تم تحرير شريحة eSIM هذه لأنها لم تُثبَّت ولم تُستخدم قط',
  );
  await expectNoAxeViolations(page);
  await card.screenshot({ path: testInfo.outputPath('freed-esim-sa.png') });
});
