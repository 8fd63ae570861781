import { expect, expectNoAxeViolations, staffURL, test } from '../../fixtures';
import {
  createCardPaidFailedOrder,
  openRefundAction,
  refundThroughAction,
  staffToken,
} from './refunds-support';
import { loginAsStaff } from './staff-session';

// Issue 31, refunds: with the payments sandbox switched to fail, a refund fails and is listed in failed refunds
// with its error; its retry (same key) succeeds once. Then each of the six refund lists, in English at 1280 px
// and in Albanian at 390 px, has no axe violations.
test('a failed refund appears in failed refunds and its retry succeeds once', async ({ page, admin }) => {
  test.slow();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 900 });
  const order = await createCardPaidFailedOrder();
  await loginAsStaff(page, admin);
  await page.evaluate(() => window.localStorage.setItem('languagePreference', 'en'));
  const sandboxSwitch = page.getByTestId('sandbox-fail-refunds');
  try {
    await page.goto('/refunds/failed-refunds');
    // The switch shows the server's state: it turns on once the sandbox has answered.
    await sandboxSwitch.click();
    await expect(sandboxSwitch).toBeChecked();

    await openRefundAction(page, order);
    await refundThroughAction(page, 'all', 'Customer cancelled the trip');
    await expect(page.getByTestId('toast').last()).toContainText('failed');

    await page.goto(`/refunds/failed-refunds?q=${encodeURIComponent(order.number)}`);
    const rows = page.getByTestId('list-row');
    await expect(rows).toHaveCount(1);
    // The reason in our words, with the provider's own text under it (ADR 0081).
    await expect(rows.first().getByTestId('refund-error-reason')).toContainText(
      'The payment provider could not be reached',
    );
    await expect(rows.first().getByTestId('refund-error-provider')).toContainText(
      'Provider: sandbox: refunds are switched to fail',
    );
    await sandboxSwitch.click();
    await expect(sandboxSwitch).not.toBeChecked();
  } finally {
    // Never leave the sandbox failing refunds for a later journey.
    await page.request.put(`${staffURL}/api/staff/refunds/sandbox`, {
      headers: { authorization: `Bearer ${await staffToken(page)}` },
      data: { failRefunds: false },
    });
  }

  await page.getByTestId('list-row').first().getByTestId('refund-retry').click();
  await page.getByTestId('refund-retry-confirm').click();
  await expect(page.getByTestId('toast').last()).toContainText(`of order ${order.number} was refunded.`);
  await expect(page.getByTestId('list-row')).toHaveCount(0);

  await page.goto(`/refunds/all?q=${encodeURIComponent(order.number)}`);
  await expect(page.getByTestId('list-row')).toHaveCount(1);
  await expect(page.getByTestId('refund-retry')).toHaveCount(0);
  const refundId = (
    (await (
      await page.request.get(`${staffURL}/api/staff/orders/${order.id}/refunds`, {
        headers: { authorization: `Bearer ${await staffToken(page)}` },
      })
    ).json()) as { refunds: { id: string }[] }
  ).refunds[0]?.id;
  const again = await page.request.post(
    `${staffURL}/api/staff/orders/${order.id}/refunds/${refundId}/retry`,
    {
      headers: { authorization: `Bearer ${await staffToken(page)}`, 'accept-language': 'en' },
    },
  );
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('This refund already succeeded: it is not sent again.');

  // The order's timeline keeps the failure with its reason beside the refund that followed.
  await page.goto(`/orders/all?order=${order.id}`);
  await expect(page.getByTestId('order-timeline-table')).toContainText(
    'The payment provider could not be reached — Provider: sandbox: refunds are switched to fail',
  );
});

const lists = [
  '/refunds/all',
  '/refunds/full-client',
  '/refunds/client-all-package-deleted',
  '/refunds/deleted-packages',
  '/refunds/changed-esims',
  '/refunds/failed-refunds',
];

for (const [locale, width] of [
  ['en', 1280],
  ['sq', 390],
] as const) {
  test(`the six refund lists have no axe violations in ${locale} at ${width} px`, async ({ page, admin }) => {
    test.slow();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width, height: 900 });
    await loginAsStaff(page, admin);
    await page.evaluate((code) => window.localStorage.setItem('languagePreference', code), locale);
    for (const path of lists) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
  });
}
