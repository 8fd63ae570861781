import { expect, expectNoAxeViolations, test, withLanguage } from '../../fixtures';
import { cards, payOnSandbox } from '../checkout/helpers';
import { countPosts, newCustomerWithEsim } from './dashboard-helpers';

test.beforeEach(async ({ page }) => {
  await withLanguage(page, 'en');
});

test('a customer changes their eSIM: the packages move to the new one, the old one stops working', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await newCustomerWithEsim(page);

  await page.goto('/account/qr-code');
  const oldIccid = await page.getByTestId('esim-qr-code').getAttribute('data-iccid');
  expect(oldIccid).toMatch(/^89\d{17}$/);
  await expect(page.getByTestId('reinstalls')).toHaveText('Reinstalls: 0 of 5');
  const oldCode = (await page.getByTestId('esim-activation-code').textContent()) ?? '';

  // What happens, the price and the packages that move; paying needs the confirmation.
  await page.getByTestId('account-nav').getByRole('link', { name: 'Change eSIM' }).click();
  await expect(page).toHaveURL('/account/change-esim');
  await expect(page.getByTestId('change-steps').locator('li')).toHaveCount(4);
  await expect(page.getByTestId('change-steps')).toContainText('The old eSIM stops working');
  await expect(page.getByTestId('packages-to-move')).toHaveText('1');
  const price = (await page.getByTestId('change-price').textContent()) ?? '';
  expect(price).toMatch(/^€\d+\.\d{2}$/);
  const pay = page.getByTestId('change-pay');
  await expect(pay).toHaveText(`Pay ${price} and change eSIM`);
  await expect(pay).toBeDisabled();
  await page.getByTestId('change-confirm').check();
  await expect(pay).toBeEnabled();
  await expectNoAxeViolations(page);
  const created = countPosts(page, /^\/api\/account\/esims\/[\w-]+\/change$/);
  await pay.dblclick();
  await payOnSandbox(page, cards.success);
  expect(created).toHaveLength(1);

  // The success screen of a change: the new QR code, the old eSIM no longer works.
  await expect(page.getByTestId('payment-status')).toContainText('Payment completed successfully!');
  const changed = page.getByTestId('esim-changed');
  await expect(changed).toContainText('all your packages are now on the new eSIM', { timeout: 60_000 });
  await expect(changed).toContainText('Your old eSIM no longer works.');
  await expect(page.getByTestId('receipt-kind')).toHaveText('eSIM change');
  await expect(page.getByTestId('esim-qr')).toBeVisible();
  const newCode = (await page.getByTestId('esim-activation-code').textContent()) ?? '';
  expect(newCode).toMatch(/^LPA:1\$/);
  expect(newCode).not.toBe(oldCode);
  await expectNoAxeViolations(page);

  // Active packages: the package is on the new eSIM; the old one is disabled and empty.
  await changed.getByRole('link', { name: 'See your active packages' }).click();
  await expect(page).toHaveURL('/account/packages');
  const esims = page.getByTestId('esim-card');
  await expect(esims).toHaveCount(2);
  const fresh = esims.nth(0);
  const old = page.locator(`[data-testid="esim-card"][data-iccid="${oldIccid}"]`);
  await expect(fresh).not.toHaveAttribute('data-iccid', oldIccid ?? '');
  await expect(fresh.getByTestId('esim-package')).toHaveCount(1);
  await expect(fresh.getByTestId('package-status')).toHaveText('Active');
  await expect(old).toHaveAttribute('data-status', 'disabled');
  await expect(old.getByTestId('esim-status')).toHaveText('No longer works');
  await expect(old).toContainText('This eSIM was replaced and no longer works.');
  await expect(old.getByTestId('esim-package')).toHaveCount(0);
  await expect(old.getByTestId('refresh-usage')).toHaveCount(0);

  // Only the working eSIM has a QR code, top-ups and changes.
  await page.goto('/account/qr-code');
  await expect(page.getByTestId('esim-qr-code')).not.toHaveAttribute('data-iccid', oldIccid ?? '');
  await expect(page.getByTestId('esim-activation-code')).toHaveText(newCode);
  await expect(page.getByTestId('esim-picker')).toHaveCount(0);
  await page.goto('/account/change-esim');
  await expect(page.getByTestId('packages-to-move')).toHaveText('1');
  await page.goto('/account');
  await expect(page.getByTestId('order-item').nth(0)).toContainText('eSIM change');
});
