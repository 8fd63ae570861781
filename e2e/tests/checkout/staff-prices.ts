import type { APIRequestContext } from '@playwright/test';
import { expect, type TestUser } from '../../fixtures';

// Staff's price changes through their screens' API, for the journeys where a price changes while a buyer or a
// shop looks at it (ADR 0093). Access tokens live 8 s in the e2e server: each call logs in again.

/** A staff call through the API with a fresh login (access tokens live 8 s in the e2e server). */
export const asStaff = async (
  request: APIRequestContext,
  admin: TestUser,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  data?: unknown,
) => {
  const login = await request.post('/api/staff/auth/login', {
    data: { email: admin.email, password: admin.password },
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const response = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${access_token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json() as Promise<Record<string, unknown>>;
};

/** Staff set a package's price from its drawer's API (the margin confirmed). */
export const setPackagePrice = async (
  request: APIRequestContext,
  admin: TestUser,
  slug: string,
  priceCents: number,
) => {
  const { id, pkg } = await staffPackage(request, admin, slug);
  await asStaff(request, admin, 'PATCH', `/api/staff/packages/${id}`, {
    version: pkg.version,
    priceCents,
    offerPriceCents: pkg.offerPriceCents,
    offerStartsAt: pkg.offerStartsAt,
    offerEndsAt: pkg.offerEndsAt,
    popular: pkg.popular,
    active: pkg.active,
    displayNames: pkg.displayNames,
    confirmBelowMargin: true,
  });
};

/** A running 20 % coupon without limits, made by staff. */
export const newCoupon = async (request: APIRequestContext, admin: TestUser) => {
  const code = `SHOWN-${Date.now().toString(36).toUpperCase()}`;
  await asStaff(request, admin, 'POST', '/api/staff/coupons', {
    code,
    kind: 'percent',
    percentOff: 20,
    amountOffCents: null,
    startsOn: new Date().toISOString().slice(0, 10),
    endsOn: '',
    maxRedemptions: '',
    maxPerCustomer: '',
    minOrderCents: 0,
    scopePackageSlug: '',
    scopePackageType: '',
    scopeCountry: '',
  });
  return code;
};

/** A package as staff read it, by its slug. */
const staffPackage = async (request: APIRequestContext, admin: TestUser, slug: string) => {
  const list = await asStaff(request, admin, 'GET', `/api/staff/packages?q=${slug}&pageSize=5`);
  const found = (list.items as { id: string; slug: string }[]).find((p) => p.slug === slug);
  if (!found) throw new Error(`no package ${slug}`);
  const { package: pkg } = (await asStaff(request, admin, 'GET', `/api/staff/packages/${found.id}`)) as {
    package: Record<string, unknown>;
  };
  return { id: found.id, pkg };
};

/** Staff put a package on the reseller price list at this price (or change it), the margin confirmed. */
export const setResellerPrice = async (
  request: APIRequestContext,
  admin: TestUser,
  slug: string,
  resellerPriceCents: number,
) => {
  const { id, pkg } = await staffPackage(request, admin, slug);
  await asStaff(request, admin, 'PUT', `/api/staff/packages/${id}/reseller`, {
    version: pkg.version,
    resellerPriceCents,
    confirmBelowMargin: true,
  });
};
