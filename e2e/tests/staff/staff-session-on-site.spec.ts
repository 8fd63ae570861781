import { expect, test, withLanguage } from '../../fixtures';
import { siteURL } from '../../fixtures/urls';
import { loginAsStaff } from './staff-session';

// On one host (the two apps' ports in development and here) a staff member's session also reaches the site. It is
// no account of the site: a protected page sends it to the login form, which stays there (it used to send it
// back, and the two redirected each other without end).
test('a staff session on the site stops at the login form instead of looping', async ({ page, admin }) => {
  await loginAsStaff(page, admin);
  await withLanguage(page, 'en');
  const visits: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visits.push(new URL(frame.url()).pathname);
  });
  await page.goto(`${siteURL}/account/qr-code`);
  await expect(page).toHaveURL(`${siteURL}/login`);
  await expect(page.getByRole('main').getByRole('button', { name: 'Log in' })).toBeVisible();
  // A loop goes on by itself: once on the login form, nothing may navigate any more.
  const settled = visits.length;
  await page.waitForTimeout(1_500);
  expect(visits).toHaveLength(settled);
  await expect(page).toHaveURL(`${siteURL}/login`);
});
