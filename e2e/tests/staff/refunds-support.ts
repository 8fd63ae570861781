/** What the refund journeys share: a card-paid order whose fulfilment failed, and the admin's API token. */
import type { Page } from '@playwright/test';
import { siteURL, uniqueEmail } from '../../fixtures';

export type PaidOrder = { id: string; number: string };

/** A paid order (card, through the payments sandbox) on the failed transactions list, where refunds start. */
export const createCardPaidFailedOrder = async (): Promise<PaidOrder> => {
  const response = await fetch(`${siteURL}/api/test/failed-orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ buyerEmail: uniqueEmail('refund'), paidByCard: true }),
  });
  if (!response.ok) throw new Error(`test/failed-orders: ${response.status} ${await response.text()}`);
  return (await response.json()) as PaidOrder;
};

/** The signed-in staff member's token, for a check through the API beside the screen. */
export const staffToken = (page: Page) =>
  page.evaluate(() => window.localStorage.getItem('auth-token') ?? '');

/** Opens the refund action of an order: the failed transactions screen with the order beside the list. */
export const openRefundAction = async (page: Page, order: PaidOrder) => {
  await page.goto(`/orders/failed-transactions?order=${order.id}`);
  const action = page.getByTestId('refund-action');
  await action.waitFor();
  return action;
};

/** Refunds through the action: all that is left, or part (euros typed in); the confirm asks for the reason. */
export const refundThroughAction = async (page: Page, amountEuros: string | 'all', reason: string) => {
  const action = page.getByTestId('refund-action');
  const full = action.getByTestId('refund-full');
  if ((amountEuros === 'all') !== (await full.isChecked())) await full.click();
  if (amountEuros !== 'all') await action.getByTestId('refund-amount').fill(amountEuros);
  await action.getByTestId('refund-submit').click();
  await page.getByTestId('refund-submit-reason').fill(reason);
  await page.getByTestId('refund-submit-confirm').click();
};
