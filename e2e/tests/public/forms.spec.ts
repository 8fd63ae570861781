import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail, uniquePhone, waitForMail, withLanguage } from '../../fixtures';

test.beforeEach(async ({ page }) => {
  await withLanguage(page, 'en');
});

const submit = (page: Page) => page.getByRole('main').locator('form button[type="submit"]').click();
const field = (page: Page, name: string) => page.getByRole('main').locator(`[name="${name}"]`);

test('the partner form shows each validation message, keeps what was typed, then succeeds', async ({
  page,
}) => {
  await page.goto('/become-a-partner');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Become a partner');
  const form = page.getByTestId('partner-form');
  // The country starts empty here (localhost has no country); choose nothing yet.
  await field(page, 'country').selectOption('');
  await submit(page);
  for (const message of [
    'Full name is required',
    'Country is required',
    'E-mail is required',
    'Phone number is required',
    'Business type is required',
    'Title is required',
    'Message is required',
  ])
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  // Company name is optional (SPEC section 5).
  await expect(form.getByText('Company name is required')).toHaveCount(0);

  await field(page, 'fullName').fill('A');
  await field(page, 'email').fill('not-an-email');
  await page.getByTestId('phone-input').fill('12');
  await field(page, 'message').fill('Too short');
  await field(page, 'title').fill('x'.repeat(151));
  await submit(page);
  for (const message of [
    'Full name must be at least 2 characters',
    'Invalid E-mail format',
    'Invalid Phone number format',
    'Message must be at least 10 characters',
    'Title must not exceed 150 characters',
  ])
    await expect(form.getByText(message, { exact: true })).toBeVisible();

  // The phone input of SPEC section 5.
  const phone = page.getByTestId('phone-input');
  await expect(phone).toHaveAttribute('type', 'tel');
  await expect(phone).toHaveAttribute('maxlength', '25');
  await expect(phone).toHaveAttribute('placeholder', 'Enter a phone number');

  const email = uniqueEmail('partner');
  await field(page, 'fullName').fill('<script>alert("x")</script> Partner');
  await field(page, 'companyName').fill('Travel Shop');
  await field(page, 'country').selectOption('AL');
  await field(page, 'email').fill(email);
  // National input is formatted for the chosen country as it is typed.
  await phone.fill(uniquePhone().replace('+355', '0'));
  await expect(phone).toHaveValue(/^06\d \d{3} \d{4}$/);
  await field(page, 'title').fill('Reseller in Tirana');
  await field(page, 'message').fill('We would like to sell your eSIMs in our shop.');
  await form.getByLabel('Reseller').check();
  await submit(page);

  await expect(page.getByTestId('form-success')).toBeVisible({ timeout: 20_000 });
  // What was typed as HTML stays text: nothing ran, nothing was injected.
  await expect(page.locator('main script')).toHaveCount(0);
  const mail = await waitForMail(email);
  expect(mail.to).toBe(email);
});

test('the contact form shows each validation message, then forwards the message to support', async ({
  page,
  request,
}) => {
  const { supportEmail } = (await (await request.get('/api/settings/public')).json()) as {
    supportEmail: string;
  };
  await page.goto('/contact');
  const form = page.getByTestId('contact-form');
  await submit(page);
  for (const message of [
    'Full name is required',
    'E-mail is required',
    'Title is required',
    'Message is required',
  ])
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  // The first field in error takes the focus; after a failed submit each change is checked again at once.
  await expect(field(page, 'fullName')).toBeFocused();
  await field(page, 'fullName').fill('Contact Tester');
  await expect(form.getByText('Full name is required', { exact: true })).toHaveCount(0);
  await expect(form.getByText('E-mail is required', { exact: true })).toBeVisible();

  await field(page, 'email').fill('broken@');
  await field(page, 'title').fill('Question');
  await field(page, 'message').fill('short');
  await submit(page);
  await expect(form.getByText('Invalid E-mail format', { exact: true })).toBeVisible();
  await expect(form.getByText('Message must be at least 10 characters', { exact: true })).toBeVisible();
  // What was typed is kept.
  await expect(field(page, 'fullName')).toHaveValue('Contact Tester');

  const email = uniqueEmail('contact');
  const title = `Question ${Date.now()}`;
  await field(page, 'email').fill(email);
  await field(page, 'title').fill(title);
  await field(page, 'message').fill('Does the Europe package work in Albania? <b>thanks</b>');

  // The server's own answers: a failed human check goes to the alert, a 422 field error under its field.
  await page.route(
    '**/api/contact',
    async (route) => {
      const body = route.request().postDataJSON() as Record<string, string>;
      await route.continue({ postData: JSON.stringify({ ...body, humanProof: 'not-a-proof' }) });
    },
    { times: 1 },
  );
  await submit(page);
  await expect(page.getByTestId('form-error')).toHaveText('Human verification failed. Please try again.');
  await page.route(
    '**/api/contact',
    async (route) => {
      const body = route.request().postDataJSON() as Record<string, string>;
      await route.continue({ postData: JSON.stringify({ ...body, title: '' }) });
    },
    { times: 1 },
  );
  await submit(page);
  await expect(form.getByText('Title is required', { exact: true })).toBeVisible();
  await expect(field(page, 'title')).toHaveValue(title);

  await submit(page);
  await expect(page.getByTestId('form-success')).toBeVisible({ timeout: 20_000 });
  // Sent: the form is empty again for another message, without errors.
  await expect(field(page, 'title')).toHaveValue('');
  await expect(field(page, 'message')).toHaveValue('');
  await expect(form.locator('.field__error')).toHaveCount(0);
  const mail = await waitForMail(supportEmail, title);
  expect(mail.text).toContain(email);
  expect(mail.text).toContain('<b>thanks</b>');
});

test('the form pages break no Content-Security-Policy rule while their checks load and run', async ({
  page,
}) => {
  // zod's object parser probes `new Function` unless told not to; the policy forbids eval and reports the probe.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  for (const path of ['/contact', '/become-a-partner']) {
    await page.goto(path);
    await submit(page);
    await expect(page.getByRole('main').getByText('Full name is required', { exact: true })).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      path,
    ).toEqual([]);
  }
});

test('a form page loads its checks and the phone formatting only once the visitor starts on the form', async ({
  page,
}) => {
  const lazy: string[] = [];
  page.on('request', (request) => {
    const name = /\/assets\/(form-contracts|form-checks|phone-format)-[\w-]+\.js$/.exec(request.url())?.[1];
    if (name) lazy.push(name);
  });
  await page.goto('/become-a-partner');
  await page.waitForLoadState('networkidle');
  // Read, not touched: none of it.
  expect(lazy).toEqual([]);

  // The first thing done is a whole national number pasted at once under Albania: formatted as it arrives.
  await field(page, 'country').selectOption('AL');
  const phone = page.getByTestId('phone-input');
  await phone.fill('0691234567');
  await expect(phone).toHaveValue('069 123 4567');
  await expect
    .poll(() => [...new Set(lazy)].sort())
    .toEqual(['form-checks', 'form-contracts', 'phone-format']);
});

test('on a right-to-left page, e-mail and phone fields still read left to right', async ({ page }) => {
  await withLanguage(page, 'sa');
  // The public form kit (partner page) and the UI kit (registration).
  for (const [path, names] of [
    ['/become-a-partner', ['email', 'phoneNumber']],
    ['/register', ['email']],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    for (const name of names) {
      const input = field(page, name);
      await input.fill('broken@');
      expect(await input.evaluate((el) => getComputedStyle(el).direction), `${path} ${name}`).toBe('ltr');
    }
    // The rest of the form stays right to left.
    expect(
      await field(page, names[0]).evaluate((el) => getComputedStyle(el.closest('form') ?? el).direction),
    ).toBe('rtl');
  }
});
