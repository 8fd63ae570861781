import { expect, expectNoAxeViolations, staffURL, test } from '../../fixtures';
import {
  createCardPaidFailedOrder,
  openRefundAction,
  refundThroughAction,
  staffToken,
} from './refunds-support';
import { loginAsStaff } from './staff-session';

// Issue 31, refunds: from the failed transactions screen, a partial refund, then a full refund of the rest; a
// third is refused. The refund dialog has no axe violations in English at 1280 px and in Albanian at 390 px.
test('a partial refund, then the rest; a third is refused', async ({ page, admin }) => {
  test.slow();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 900 });
  const order = await createCardPaidFailedOrder();
  await loginAsStaff(page, admin);
  await page.evaluate(() => window.localStorage.setItem('languagePreference', 'en'));
  const action = await openRefundAction(page, order);
  await expect(action.getByTestId('refund-policy')).toHaveText('Qualifies for a full refund');
  const paid = (await action.getByTestId('refund-paidCents').textContent()) ?? '';

  // The dialog, open, with its reason field: axe looks at it once here.
  await action.getByTestId('refund-full').click();
  await action.getByTestId('refund-amount').fill('1');
  await action.getByTestId('refund-submit').click();
  await expect(page.getByRole('dialog', { name: /^Refund €?1[.,]00/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByTestId('refund-submit-reason').fill('Asked for part of the money back');
  await page.getByTestId('refund-submit-confirm').click();
  await expect(page.getByTestId('toast').last()).toHaveText(
    `1.00 EUR of order ${order.number} was refunded.`,
  );
  await expect(action.getByTestId('refund-refundedCents')).toHaveText(/1[.,]00/);

  await refundThroughAction(page, 'all', 'Refund the rest as well');
  await expect(page.getByTestId('toast').last()).toContainText(`of order ${order.number} was refunded.`);
  await expect(action.getByTestId('refund-refundedCents')).toHaveText(paid);
  await expect(action.getByTestId('refund-refundableCents')).toHaveText(/(^|\D)0[.,]00/);
  await expect(action.getByTestId('refund-not-refundable')).toBeVisible();
  await expect(action.getByRole('row')).toHaveCount(3);

  // A third refund (another tab still showing the form) is refused in words, and nothing changes.
  const third = await page.request.post(`${staffURL}/api/staff/orders/${order.id}/refunds`, {
    headers: { authorization: `Bearer ${await staffToken(page)}`, 'accept-language': 'en' },
    data: { amountCents: 100, kind: 'order', reason: 'A third time' },
  });
  expect(third.status()).toBe(409);
  expect(await third.json()).toMatchObject({
    code: 'ORDER_NOT_REFUNDABLE',
    message: 'This order is already refunded in full: nothing is left to refund.',
  });
  await page.reload();
  await expect(action.getByRole('row')).toHaveCount(3);
});

test('the refund dialog in Albanian at phone width has no axe violations', async ({ page, admin }) => {
  test.slow();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 390, height: 844 });
  const order = await createCardPaidFailedOrder();
  await loginAsStaff(page, admin);
  await page.evaluate(() => window.localStorage.setItem('languagePreference', 'sq'));
  const action = await openRefundAction(page, order);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sq');
  await action.getByTestId('refund-submit').click();
  await expect(page.getByRole('dialog', { name: new RegExp(`porosisë ${order.number}`) })).toBeVisible();
  await expectNoAxeViolations(page);
});
