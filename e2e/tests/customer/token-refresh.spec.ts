import { expect, test, withLanguage } from '../../fixtures';
import { registerCustomer } from './helpers';

// The e2e server issues access tokens that live 8 seconds (scripts/e2e-server.mjs).
const accessTokenLifetimeMs = 8_000;

test('an access token that expires mid-session is refreshed without the user noticing', async ({ page }) => {
  await withLanguage(page, 'en');
  const customer = await registerCustomer(page);
  const firstToken = await page.evaluate(() => localStorage.getItem('auth-token'));

  const refreshes: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/auth/refresh')) refreshes.push(response.status());
  });
  let sawLogin = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && /\/login/.test(frame.url())) sawLogin = true;
  });

  await page.waitForTimeout(accessTokenLifetimeMs + 1_500);

  // Navigating refetches the profile (SPEC section 4): the expired token is refreshed once and the call retried.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-email')).toHaveText(customer.email);

  await expect.poll(() => refreshes).toEqual([200]);
  // The page stores the new token once it has read the answer, a moment after the response arrives.
  const storedToken = () => page.evaluate(() => localStorage.getItem('auth-token'));
  await expect.poll(storedToken).not.toBe(firstToken);
  expect(await storedToken()).toBeTruthy();
  expect(sawLogin).toBe(false);

  // Still signed in after another navigation with the fresh token.
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
});
