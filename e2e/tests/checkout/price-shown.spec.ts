import type { Page } from '@playwright/test';
import {
  createTestGiftCard,
  expect,
  expectNoAxeViolations,
  holdScripts,
  test,
  uniqueEmail,
  waitForHydration,
  withLanguage,
} from '../../fixtures';
import { cards, newBuyer, payOnSandbox } from './helpers';
import { newCoupon, setPackagePrice } from './staff-prices';

// Issue 39, "the price shown is the price charged" (ADR 0093), on the order page in English and Albanian: Apply
// waits visibly for the scripts, a coupon cleared or edited leaves the price at once, a gift card's share comes
// off the pay button, and a price staff raise while the buyer is on the page is said, with the new price,
// before the card page. Each language has a package of its own that no other journey buys or reads (staff
// raise its price here): Iceland's and Norway's 20 GB.
const journeys = [
  {
    locale: 'en',
    slug: 'is-20gb-30d',
    pay: 'Pay',
    payWithGiftCard: /^Pay .+ with the gift card$/,
    changed: 'The price has changed since it was shown: it is now',
    couponTakes: 'The coupon takes',
    giftCardPays: 'The gift card pays',
  },
  {
    locale: 'sq',
    slug: 'no-20gb-30d',
    pay: 'Paguaj',
    payWithGiftCard: /^Paguaj .+ me kartën dhuratë$/,
    changed: 'Çmimi ka ndryshuar që kur u shfaq: tani është',
    couponTakes: 'Kuponi zbret',
    giftCardPays: 'Karta dhuratë paguan',
  },
] as const;

/** The amount a text says ("Pay €13.59", "Paguaj 13,59 €"), in cents. */
const centsIn = (text: string | null) =>
  Math.round(Number((text ?? '').replace(/[^\d,.]/g, '').replace(',', '.')) * 100);

const payButton = (page: Page) => page.getByTestId('pay-button');
const payCents = async (page: Page) => centsIn(await payButton(page).textContent());

for (const words of journeys) {
  test(`the order page says what the card page charges, codes and a price change included (${words.locale})`, async ({
    page,
    request,
    admin,
  }) => {
    test.slow();
    await withLanguage(page, words.locale);
    const priceCents = (
      (await (await request.get(`/api/catalogue/packages/${words.slug}`)).json()) as {
        priceCents: number;
      }
    ).priceCents;
    // 20 % off still leaves more than the 10-euro gift card pays.
    expect(priceCents * 0.8).toBeGreaterThan(1100);
    const discountedCents = priceCents - Math.round(priceCents * 0.2);
    const coupon = await newCoupon(request, admin);
    const giftCard = await createTestGiftCard({
      buyerEmail: uniqueEmail('giver'),
      recipientEmail: uniqueEmail('recipient'),
      amount: 10,
    });

    // Before the scripts: Apply waits visibly, as pay does; a code typed meanwhile stays.
    const release = await holdScripts(page);
    await page.goto(`/order/${words.slug}`, { waitUntil: 'commit' });
    const form = page.getByTestId('order-form');
    await expect(page.getByTestId('coupon-apply')).toBeDisabled();
    await expect(page.getByTestId('gift-card-apply')).toBeDisabled();
    await expect(payButton(page)).toBeDisabled();
    await form.locator('[name="couponCode"]').fill(coupon.toLowerCase());
    release();
    await waitForHydration(page, '[data-testid="coupon-apply"]');
    await expect(page.getByTestId('coupon-apply')).toBeEnabled();
    await page.getByTestId('coupon-apply').click();
    await expect(page.getByTestId('coupon-note')).toContainText(words.couponTakes);
    expect(await payCents(page)).toBe(discountedCents);

    // Cleared, the coupon leaves the price at once; applied again, it is back.
    await form.locator('[name="couponCode"]').fill('');
    expect(await payCents(page)).toBe(priceCents);
    await expect(page.getByTestId('coupon-note')).toBeEmpty();
    await form.locator('[name="couponCode"]').fill(coupon);
    await page.getByTestId('coupon-apply').click();
    await expect(page.getByTestId('coupon-note')).toContainText(words.couponTakes);
    expect(await payCents(page)).toBe(discountedCents);
    // Edited, the same.
    await form.locator('[name="couponCode"]').press('End');
    await form.locator('[name="couponCode"]').press('X');
    expect(await payCents(page)).toBe(priceCents);
    await form.locator('[name="couponCode"]').press('Backspace');
    await page.getByTestId('coupon-apply').click();
    await expect(page.getByTestId('coupon-note')).toContainText(words.couponTakes);

    // The gift card pays 10 euros of the discounted total: the button says what is left for the card page.
    await form.locator('[name="giftCardCode"]').fill(giftCard.code);
    await page.getByTestId('gift-card-apply').click();
    await expect(page.getByTestId('gift-card-note')).toContainText(words.giftCardPays);
    await expect(payButton(page)).toHaveText(new RegExp(`^${words.pay} `));
    await expect.poll(() => payCents(page)).toBe(discountedCents - 1000);
    // Without the coupon the gift card still pays 10 euros, of the full price.
    await form.locator('[name="couponCode"]').fill('');
    await expect.poll(() => payCents(page)).toBe(priceCents - 1000);
    await form.locator('[name="couponCode"]').fill(coupon);
    await page.getByTestId('coupon-apply').click();
    await expect.poll(() => payCents(page)).toBe(discountedCents - 1000);
    await expectNoAxeViolations(page);

    // Paid: the card page charges what the button said.
    const buyer = newBuyer();
    await form.locator('[name="fullName"]').fill(buyer.fullName);
    await form.locator('[name="email"]').fill(buyer.email);
    await page.getByTestId('phone-input').fill(buyer.phone);
    await payButton(page).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    expect(centsIn(await page.locator('.amount').textContent())).toBe(discountedCents - 1000);
    await payOnSandbox(page, cards.success);
    await expect(page).toHaveURL(/\/payment\/success\?/);

    // Staff raise the price while another buyer is on the page: said before the card page, with the price.
    await page.goto(`/order/${words.slug}`);
    await waitForHydration(page, '[data-testid="pay-button"]');
    expect(await payCents(page)).toBe(priceCents);
    const other = newBuyer();
    await form.locator('[name="fullName"]').fill(other.fullName);
    await form.locator('[name="email"]').fill(other.email);
    await page.getByTestId('phone-input').fill(other.phone);
    await setPackagePrice(request, admin, words.slug, priceCents + 100);
    try {
      await payButton(page).click();
      const alert = page.getByTestId('form-error');
      await expect(alert).toContainText(words.changed);
      expect(centsIn(/\d+[.,]\d\d EUR/.exec((await alert.textContent()) ?? '')?.[0] ?? '')).toBe(
        priceCents + 100,
      );
      await expect(page).toHaveURL(new RegExp(`/order/${words.slug}$`));
      await expect.poll(() => payCents(page)).toBe(priceCents + 100);
      // The package's own price beside the form too.
      await expect
        .poll(async () => centsIn(await page.getByTestId('order-price').textContent()))
        .toBe(priceCents + 100);
      await expectNoAxeViolations(page);
      // Confirmed by paying again: the card page charges the new price.
      await payButton(page).click();
      await expect(page).toHaveURL(/\/sandbox\/checkout\//);
      expect(centsIn(await page.locator('.amount').textContent())).toBe(priceCents + 100);
    } finally {
      await setPackagePrice(request, admin, words.slug, priceCents);
    }
  });
}

test('a gift card that pays the whole order says so on the button, and no card page opens', async ({
  page,
}) => {
  await withLanguage(page, 'en');
  const giftCard = await createTestGiftCard({
    buyerEmail: uniqueEmail('giver'),
    recipientEmail: uniqueEmail('recipient'),
    amount: 100,
  });
  await page.goto('/order/is-20gb-30d');
  const form = page.getByTestId('order-form');
  await waitForHydration(page, '[data-testid="gift-card-apply"]');
  await form.locator('[name="giftCardCode"]').fill(giftCard.code);
  // Enter in the code's field applies it (it does not pay).
  await form.locator('[name="giftCardCode"]').press('Enter');
  await expect(page.getByTestId('gift-card-note')).toHaveText('The gift card pays the whole order.');
  await expect(payButton(page)).toHaveText(journeys[0].payWithGiftCard);
  await expect(page).toHaveURL(/\/order\/is-20gb-30d$/);
});
