import { createTestUser, deleteTestUser, expect, expectNoAxeViolations, test } from '../../fixtures';
import { loginAsStaff } from './staff-session';

// Issue 12: manage shops (approve a pending shop), the shop's page, and a credit adjustment seen on its ledger and
// in its history.

test('admin approves a pending shop and adjusts its credit: ledger row with running balance, history, toasts', async ({
  page,
  admin,
}) => {
  test.slow();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const owner = await createTestUser({ kind: 'shop', shopStatus: 'pending_verification' });
  try {
    await loginAsStaff(page, admin);
    await page.goto(`/staff/manage-shops?status=pending_verification&q=${encodeURIComponent(owner.email)}`);
    await expect(page.getByTestId('list-row')).toHaveCount(1);
    await page.getByTestId('list-row').getByRole('link').first().click();
    const drawer = page.getByTestId('list-detail');
    await expect(drawer.getByTestId('shop-status')).toHaveText('Pending approval');
    await drawer.getByTestId('shop-approve').click();
    await expect(page.getByTestId('toast').first()).toContainText('is approved: its users can now buy.');
    await expect(drawer.getByTestId('shop-status')).toHaveText('Active');
    await expectNoAxeViolations(page);

    // Its own top-up bonus: 6 % from 200 EUR instead of the settings' tiers.
    const terms = drawer.getByTestId('sell-price-form');
    await terms.getByTestId('own-bonus-tiers').check();
    await terms.getByLabel(/^Bonus %/).fill('6');
    await terms.getByRole('button', { name: 'Save selling price' }).click();
    await expect(page.getByTestId('toast').last()).toContainText('is saved.');
    await expect(drawer.getByTestId('history').getByRole('listitem').first()).toContainText('Changed');

    // The shop's page: a removal larger than the balance is refused, then an addition with a reason.
    await drawer.getByRole('link', { name: "Open the shop's page" }).click();
    await expect(page).toHaveURL(/\/clients\/all-shops\/[0-9a-f-]+$/);
    // The page's own form, once its code has loaded; the drawer is gone with the list.
    await expect(page.getByTestId('shop-ledger')).toBeVisible();
    await expect(page.getByTestId('list-detail')).toHaveCount(0);
    const form = page.getByTestId('credit-adjustment-form');
    await form.getByLabel(/^Add or remove/).selectOption('remove');
    await form.getByLabel(/^Amount/).fill('10');
    await form.getByLabel(/^Reason/).fill('Test removal');
    await form.getByRole('button', { name: 'Save adjustment' }).click();
    await expect(
      form.getByText("This would take the shop's credit below zero: at most 0.00 can be removed.").first(),
    ).toBeVisible();

    await form.getByLabel(/^Add or remove/).selectOption('add');
    await form.getByLabel(/^Amount/).fill('250');
    await form.getByLabel(/^Reason/).fill('Opening credit agreed by phone');
    await form.getByRole('button', { name: 'Save adjustment' }).click();
    await expect(page.getByTestId('shop-creditCents')).toHaveText('€250.00');
    const ledger = page.getByTestId('shop-ledger');
    await expect(ledger.getByRole('row')).toHaveCount(2);
    await expect(ledger.getByRole('row').nth(1)).toContainText(
      'Adjustment · Credit · Opening credit agreed by phone',
    );
    await expect(ledger.getByRole('row').nth(1)).toContainText('€250.00');
    const history = page.getByTestId('history').getByRole('listitem');
    await expect(history.first()).toContainText('Credit adjusted €0.00 → €250.00');
    await expect(history.nth(1)).toContainText("Changed the settings' tiers → €200.00: 6 %");
    await expect(history.nth(2)).toContainText('Approved Pending approval → Active');
    await expectNoAxeViolations(page);
  } finally {
    await deleteTestUser(owner);
  }
});

test('the home screen shows the figures and the queues to admin, and a pending shop leads to manage shops', async ({
  page,
  admin,
}) => {
  const owner = await createTestUser({ kind: 'shop', shopStatus: 'pending_verification' });
  try {
    await loginAsStaff(page, admin);
    const figures = page.getByTestId('dashboard-figures');
    await expect(figures.getByRole('columnheader')).toHaveText(['', 'Today', '7 days', '30 days']);
    await expect(figures.getByRole('rowheader')).toHaveText([
      'Revenue',
      'Orders',
      'New customers',
      'Top-ups',
      'Shop credit sold',
    ]);
    const pending = page
      .getByTestId('attention')
      .getByRole('listitem')
      .filter({ hasText: 'Shops waiting for approval' });
    await expect(pending.locator('.mantine-Badge-root')).not.toHaveText('0');
    await pending.getByRole('link').click();
    await expect(page).toHaveURL(/\/staff\/manage-shops\?status=pending_verification$/);
    await expect(page.getByTestId('list-row').first()).toBeVisible();
    await page.goto('/');
    await expect(page.getByTestId('revenue-chart')).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    await deleteTestUser(owner);
  }
});
