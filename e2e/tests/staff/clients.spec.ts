import { createTestUser, deleteTestUser, expect, expectNoAxeViolations, test } from '../../fixtures';
import { siteURL } from '../../fixtures/urls';
import { loginAsStaff } from './staff-session';

// Issue 12: the clients screens (list kit + detail drawer + audited actions), as an admin and as an editor.

const customerLogin = (email: string, password: string) =>
  fetch(`${siteURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

test('admin finds a client by e-mail, blocks them (login refused), and restores access; the history shows both', async ({
  page,
  admin,
  customer,
}) => {
  await loginAsStaff(page, admin);
  await page.goto('/clients/all-users');
  await page.getByTestId('list-search').fill(customer.email);
  const rows = page.getByTestId('list-row');
  await expect(rows).toHaveCount(1);
  await rows
    .first()
    .getByRole('link', { name: `${customer.firstName} ${customer.lastName}` })
    .click();

  // The detail has a URL of its own: a reload opens it again.
  await expect(page).toHaveURL(/[?&]client=/);
  await page.reload();
  const detail = page.getByTestId('client-detail');
  await expect(detail.getByTestId('client-status')).toHaveText('Active');

  await detail.getByTestId('client-block').click();
  await expect(page.getByRole('dialog', { name: 'Block this client?' })).toBeVisible();
  await page.getByTestId('client-block-confirm').click();
  await expect(page.getByTestId('toast')).toHaveText(
    'The client is blocked: they can no longer log in or buy.',
  );
  await expect(detail.getByTestId('client-status')).toHaveText('Blocked');
  expect((await customerLogin(customer.email, customer.password)).status).toBe(403);

  // The blocked list holds them; unblock from there.
  await page.goto(`/dashboard/all-blocked-users?client=${new URL(page.url()).searchParams.get('client')}`);
  await expect(page.getByTestId('list-row').filter({ hasText: customer.email })).toHaveCount(1);
  await detail.getByTestId('client-unblock').click();
  await expect(detail.getByTestId('client-status')).toHaveText('Active');
  expect((await customerLogin(customer.email, customer.password)).status).toBe(200);

  const history = detail.getByTestId('history').getByRole('listitem');
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText(`${admin.firstName} ${admin.lastName}`);
  await expect(history.first()).toContainText('Unblocked Blocked → Active');
});

test('a stale screen is told the client changed, and nothing changes', async ({
  page,
  admin,
  editor,
  customer,
}) => {
  await loginAsStaff(page, admin);
  await page.goto('/clients/all-users');
  await page.getByTestId('list-search').fill(customer.email);
  await expect(page.getByTestId('list-row')).toHaveCount(1);
  await page.getByTestId('list-row').first().getByRole('link').first().click();
  const detail = page.getByTestId('client-detail');
  await expect(detail.getByTestId('client-status')).toHaveText('Active');

  // Meanwhile an editor blocks the same client.
  const login = await page.request.post('/api/staff/auth/login', {
    data: { email: editor.email, password: editor.password },
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const clientId = new URL(page.url()).searchParams.get('client') ?? '';
  const current = await page.request.get(`/api/staff/clients/${clientId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { client } = (await current.json()) as { client: { version: string } };
  const blocked = await page.request.post(`/api/staff/clients/${clientId}/block`, {
    headers: { authorization: `Bearer ${token}` },
    data: { version: client.version },
  });
  expect(blocked.status()).toBe(200);

  await detail.getByTestId('client-delete').click();
  await page.getByTestId('client-delete-confirm').click();
  await expect(detail.getByTestId('client-action-error')).toHaveText(
    'This record was changed by someone else in the meantime. Reload it and try again.',
  );
  await expect(detail.getByTestId('client-status')).toHaveText('Blocked');
});

test('exports the filtered clients to CSV (exactly the filtered rows) and saves the filters as a view', async ({
  page,
  admin,
}) => {
  const marker = `Csv${Date.now().toString(36)}`;
  const made = await Promise.all(
    [0, 1, 2].map(() => createTestUser({ kind: 'customer', firstName: 'Export', lastName: marker })),
  );
  try {
    await loginAsStaff(page, admin);
    await page.goto('/clients/all-users');
    await page.getByTestId('list-search').fill(marker);
    await expect(page.getByTestId('list-row')).toHaveCount(3);
    const download = page.waitForEvent('download');
    await page.getByTestId('list-csv').click();
    const file = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    const lines = (await readFile(file, 'utf8')).trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[2])
        .sort(),
    ).toEqual(made.map((u) => u.email).sort());
  } finally {
    await Promise.all(made.map(deleteTestUser));
  }
});

test('an editor works on the client screens in Albanian, at phone width; axe finds nothing in sq and sa', async ({
  page,
  editor,
  customer,
}) => {
  test.slow();
  // The drawer then appears without sliding in, so axe never measures text mid-fade.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsStaff(page, editor);
  for (const [locale, heading] of [
    ['sq', 'Të gjithë përdoruesit'],
    ['sa', null],
  ] as const) {
    await page.evaluate((code) => window.localStorage.setItem('languagePreference', code), locale);
    await page.goto(`/clients/all-users?q=${encodeURIComponent(customer.email)}`);
    if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByTestId('list-row')).toHaveCount(1);
    await expectNoAxeViolations(page);
    await page.getByTestId('list-row').first().getByRole('link').first().click();
    await expect(page.getByTestId('client-detail')).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/clients/all-deleted-users');
  await expect(page.getByTestId(/^list-/).first()).toBeVisible();
  await expectNoAxeViolations(page);
});
