/** What the eSIM lifecycle journeys share (ADR 0091): staff actions through the API, eSIMs of a journey's own. */
import { siteURL, type TestUser } from '../../fixtures';

/** One staff API call as `staff`, signed in just before it (the e2e server's access tokens live seconds). */
export const staffApi = async (staff: TestUser, method: 'GET' | 'POST', path: string, body?: unknown) => {
  const login = await fetch(`${siteURL}/api/staff/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: staff.email, password: staff.password }),
  });
  if (!login.ok) throw new Error(`staff login: ${login.status} ${await login.text()}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const response = await fetch(`${siteURL}/api/staff${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'accept-language': 'en',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok)
    throw new Error(`${method} /api/staff${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
};

/** A package-cancelling staff refund of everything left on an order: its eSIM is cancelled at the provider. */
export const cancelOrderPackage = (staff: TestUser, orderId: string) =>
  staffApi(staff, 'POST', `/orders/${orderId}/refunds`, {
    amountCents: 'full',
    kind: 'deleted_package',
    reason: 'Journey: cancel the unused eSIM',
  });

const testSupport = async (path: string, body?: unknown) => {
  const response = await fetch(`${siteURL}/api/test${path}`, {
    method: 'POST',
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`POST /api/test${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
};

/** A completed, card-paid order of the customer's with an unused eSIM bought `daysAgo` days ago (test support). */
export const paidEsimOrder = async (customer: Pick<TestUser, 'id'>, daysAgo = 0) =>
  (await testSupport('/paid-esim-orders', { userId: customer.id, daysAgo })) as {
    id: string;
    number: string;
    esimId: string;
    iccid: string;
  };

/** Staff free an unused eSIM the way they do: the daily job lists it, they confirm it on its list. */
export const freeEsim = async (staff: TestUser, iccid: string) => {
  await testSupport('/esim-release-job');
  const pending = (await staffApi(staff, 'GET', `/settings/esim-releases?status=pending&q=${iccid}`)) as {
    items: { id: string }[];
  };
  const ids = pending.items.map((item) => item.id);
  if (ids.length !== 1) throw new Error(`expected the eSIM listed once, found ${ids.length}`);
  return staffApi(staff, 'POST', '/settings/esim-releases/free', { ids });
};
