import { startFakePushService } from '../../../apps/server/src/test/fakes/web-push.fake';
import { expect, expectNoAxeViolations, siteURL, test, withLanguage } from '../../fixtures';
import { fullChromium } from '../../fixtures/browsers';
import { loginCustomer } from '../customer/helpers';
import { loginAsStaff } from './staff-session';

// Issue 32: a customer allows notifications on the site and a push staff send from /mobile/send-notification
// reaches their browser's push service. Chromium's own push service is not reachable offline, so the page's
// PushManager answers with a subscription at a local push service this journey runs (ADR 0062); from there on
// everything is real: the page stores it through the API, the server encrypts and signs with web-push, and the
// fake push service checks the VAPID signature and decrypts what arrived.
// The headless shell denies every notification permission; this journey needs the full browser.
test.use({ launchOptions: fullChromium });

let pushService: Awaited<ReturnType<typeof startFakePushService>>;
test.beforeAll(async () => {
  pushService = await startFakePushService();
});
test.afterAll(async () => {
  await pushService?.close();
});

test('a customer allows notifications and a push sent from the staff screen reaches them; axe in en and sq', async ({
  page,
  admin,
  customer,
  browser,
}) => {
  test.slow();
  const subscription = pushService.subscribe();

  // The customer allows notifications on the profile page.
  const site = await browser.newContext({ baseURL: siteURL });
  await site.grantPermissions(['notifications'], { origin: siteURL });
  const customerPage = await site.newPage();
  await customerPage.addInitScript((given) => {
    const granted = {
      endpoint: given.endpoint,
      expirationTime: null,
      getKey: () => null,
      toJSON: () => ({ endpoint: given.endpoint, expirationTime: null, keys: given.keys }),
      unsubscribe: async () => true,
    };
    let current: typeof granted | null = null;
    PushManager.prototype.subscribe = async () => {
      current = granted;
      return current as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => current as unknown as PushSubscription | null;
  }, subscription);
  await withLanguage(customerPage, 'en');
  await loginCustomer(customerPage, customer.email, customer.password);
  await customerPage.goto('/profile');
  const settings = customerPage.getByTestId('push-settings');
  await expect(settings.getByTestId('push-state')).toHaveText('Notifications are off for this device.');
  await settings.getByTestId('push-allow').click();
  await expect(settings.getByTestId('push-state')).toHaveText('Notifications are on for this device.');
  await expect(settings.getByTestId('push-turn-off')).toBeVisible();
  await expectNoAxeViolations(customerPage);
  await site.close();

  // Staff compose in two languages, check the reach, and send to that customer.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAsStaff(page, admin);
  await page.goto('/mobile/send-notification');
  await expect(page.getByRole('heading', { level: 1, name: 'Send phone notification' })).toBeVisible();
  const form = page.getByTestId('send-notification-form');
  await expect(form.getByTestId('notification-send')).toBeEnabled();
  await expectNoAxeViolations(page);

  await form.getByTestId('notification-send').click();
  await expect(form.getByText('Title (English) is required')).toBeVisible();

  const title = `Your trip offer ${Date.now()}`;
  await form.getByTestId('notification-title').fill(title);
  await form.getByTestId('notification-body').fill('20 % off every package this week.');
  await form.getByTestId('notification-language').selectOption('sq');
  await form.getByTestId('notification-title').fill('Oferta për udhëtimin tuaj');
  await form.getByTestId('notification-body').fill('20 % zbritje për çdo paketë këtë javë.');
  await form.getByTestId('notification-audience').selectOption('customer');
  await form.getByTestId('notification-customer').fill(customer.email);
  await form.getByTestId('notification-dry-run').click();
  await expect(form.getByTestId('notification-dry-run-result')).toHaveText(
    'Devices reached: 1 (customers: 1).',
  );
  await form.getByTestId('notification-send').click();
  // The request queues the fan-out job and answers at once (ADR 0084); the job sends.
  await expect(page.getByTestId('form-success')).toHaveText('Sending. Devices: 1.');

  // It reaches the push service, in the customer's language (English), encrypted for their subscription.
  await expect
    .poll(
      () => pushService.received.find((push) => push.subscriptionId === subscription.subscriptionId)?.payload,
    )
    .toEqual({ title, body: '20 % off every package this week.', url: '/account' });

  // The history counts it delivered (the job and the outbox finish after the answer: the list may need a while).
  await expect
    .poll(
      async () => {
        await page.reload();
        const row = page.getByTestId('list-row').filter({ hasText: title });
        await row
          .first()
          .waitFor({ timeout: 10_000 })
          .catch(() => undefined);
        return (await row.count()) === 1 ? row.innerText() : '';
      },
      { timeout: 60_000 },
    )
    // Status, then sent, delivered and failed after the date.
    .toMatch(/\tSent\t.*\t1\t1\t0$/);

  // Albanian at phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.localStorage.setItem('languagePreference', 'sq'));
  await page.goto('/mobile/send-notification');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dërgo njoftim në telefon');
  // The history shows each message's title in the reader's language.
  await expect(page.getByTestId('list-row').filter({ hasText: customer.email })).toContainText(
    'Oferta për udhëtimin tuaj',
  );
  await expectNoAxeViolations(page);
});
