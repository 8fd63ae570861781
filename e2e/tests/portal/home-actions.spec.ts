import { expect, expectNoAxeViolations, test, withLanguage } from '../../fixtures';
import { expectButtonShape, expectNoSidewaysScroll } from '../../fixtures/layout-checks';

// Issue 29: the portal home's "New subscriber" and "Top up credits", and "Log out", showed as bold words after
// signing in (a stylesheet of the kit loaded after the Button's and took its fill, border and padding). A shop's
// two daily actions are the first buttons on its home, "New subscriber" the primary one; the credit, bonus and
// total are shown once, on the credits card.
const words = {
  en: {
    title: 'Reseller portal',
    newSubscriber: 'New subscriber',
    topUp: 'Top up credits',
    logout: 'Log out',
  },
  sq: {
    title: 'Portali i rishitësve',
    newSubscriber: 'Abonent i ri',
    topUp: 'Mbush kreditet',
    logout: 'Dil',
  },
} as const;

for (const locale of ['en', 'sq'] as const)
  for (const width of [1280, 390])
    test(`the portal home's actions are buttons, found by role, in ${locale} at ${width} px`, async ({
      browser,
      shopUser,
    }) => {
      const text = words[locale];
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await withLanguage(page, locale);
      // Signed in through the form: the client-side move from the login page to the home is where the order of
      // stylesheets went wrong.
      await page.goto('/portal/login');
      await page.locator('[name="email"]').fill(shopUser.email);
      await page.locator('[name="password"]').fill(shopUser.password);
      await page.locator('main form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/portal$/);

      const home = page.getByRole('region', { name: text.title });
      const newSubscriber = home.getByRole('link', { name: text.newSubscriber });
      const topUp = home.getByRole('link', { name: text.topUp });
      const logout = home.getByRole('button', { name: text.logout });
      await expect(page.getByTestId('card-credits')).toBeVisible();
      await expectButtonShape(newSubscriber, 'filled');
      await expectButtonShape(topUp, 'outlined');
      await expectButtonShape(logout, 'outlined');
      // The actions come before the cards, and the figures are not repeated under them.
      const actionsBottom = (await newSubscriber.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
      expect(actionsBottom).toBeLessThan((await page.getByTestId('card-credits').boundingBox())?.y ?? 0);
      await expect(page.getByTestId('portal-balances')).toHaveCount(0);
      await expectNoAxeViolations(page);
      if (width === 390) await expectNoSidewaysScroll(page, `/portal in ${locale}`);

      await newSubscriber.click();
      await expect(page).toHaveURL(/\/portal\/new-subscriber$/);
      await page.goBack();
      await topUp.click();
      await expect(page).toHaveURL(/\/portal\/top-up$/);
      await page.goBack();
      await logout.click();
      await expect(page).toHaveURL(/\/portal\/login$/);
      await context.close();
    });
