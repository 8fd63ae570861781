import { createTestApplication, expect, expectNoAxeViolations, test, uniqueEmail } from '../../fixtures';
import { loginAsStaff } from './staff-session';

// Issue 12: manage businesses: approving a reseller application makes a shop; approving an influencer gives a
// referral code and link.

test('admin approves a reseller (a shop appears) and an influencer (a referral code appears)', async ({
  page,
  admin,
}) => {
  test.slow();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const tag = Date.now().toString(36);
  const reseller = await createTestApplication({
    fullName: `Arta ${tag}`,
    email: uniqueEmail('reseller-app'),
    businessType: 'reseller',
  });
  const influencer = await createTestApplication({
    fullName: `Blerta ${tag}`,
    email: uniqueEmail('influencer-app'),
    businessType: 'influencer',
  });
  await loginAsStaff(page, admin);

  await page.goto(`/staff/manage-businesses?application=${reseller.id}`);
  const detail = page.getByTestId('business-detail');
  await expect(detail.getByTestId('business-status')).toHaveText('New');
  await expectNoAxeViolations(page);
  await detail.getByTestId('business-approve').click();
  await expect(page.getByTestId('toast').first()).toHaveText(
    `Arta ${tag} Mobile is approved: a shop is created and its user invited to the portal.`,
  );
  await expect(detail.getByTestId('business-status')).toHaveText('Approved');

  await page.goto(`/clients/all-shops?q=${encodeURIComponent(`Arta ${tag}`)}`);
  await expect(page.getByTestId('list-row')).toHaveCount(1);
  await expect(page.getByTestId('list-row')).toContainText(`Arta ${tag} Mobile`);

  await page.goto(`/staff/manage-businesses?application=${influencer.id}`);
  await detail.getByTestId('business-approve').click();
  const referral = detail.getByTestId('business-referral');
  await expect(referral).toContainText(/BLERTA[A-Z0-9]*-[A-Z0-9]{5}/);
  await expect(referral.getByRole('link')).toHaveAttribute('href', /\/\?ref=BLERTA/);
});
