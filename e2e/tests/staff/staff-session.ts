/**
 * Helpers for the staff journeys (project "staff", baseURL = the staff origin). Journeys that only look use
 * the demo accounts; journeys that edit an account use their own (the `admin`, `editor`, `analytics` fixtures).
 */

import type { Page } from '@playwright/test';
import { demoPassword, expect } from '../../fixtures';

export type StaffRole = 'admin' | 'editor' | 'analytics';
export const staffEmail = (role: StaffRole) => `${role}@demo.esim`;

// Only the two fields: login bodies are strict, and a fixture's account carries more.
const credentials = (account: StaffRole | { email: string; password: string }, password: string) =>
  typeof account === 'string'
    ? { email: staffEmail(account), password }
    : { email: account.email, password: account.password };

/**
 * Signs in through the API and opens the dashboard home: the login form has journeys of its own
 * (logged-out.spec.ts, and `loginThroughForm` below), so the other journeys skip its page load and typing.
 * The token is planted once per tab, before the app's scripts run, the way the login form stores it.
 */
export const loginAsStaff = async (
  page: Page,
  account: StaffRole | { email: string; password: string },
  password = demoPassword,
) => {
  const response = await page.request.post('/api/staff/auth/login', { data: credentials(account, password) });
  expect(response.status()).toBe(200);
  const { access_token: token } = (await response.json()) as { access_token: string };
  await page.addInitScript((value) => {
    // Once per tab: later page loads keep the token the app itself refreshed (or removed at logout).
    if (window.sessionStorage.getItem('e2e-signed-in')) return;
    window.sessionStorage.setItem('e2e-signed-in', '1');
    window.localStorage.setItem('auth-token', value);
  }, token);
  await page.goto('/');
  await expect(page.getByTestId('user-menu')).toBeVisible();
};

/** Signs in through the login form and waits for the dashboard. */
export const loginThroughForm = async (
  page: Page,
  account: StaffRole | { email: string; password: string },
  password = demoPassword,
) => {
  const { email, password: secret } = credentials(account, password);
  await page.goto('/login');
  await page.getByRole('textbox', { name: /e-?mail/i }).fill(email);
  await page.getByLabel(/^Password/).fill(secret);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
};

/** Top-level sidebar entries in order: group keys and single links, as their test ids name them. */
export const sidebarEntries = async (page: Page): Promise<string[]> => {
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toBeVisible();
  return sidebar
    .locator('[data-testid="sidebar-list"] > li > [data-testid^="nav-"]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid') ?? ''));
};

/** The links inside a sidebar group, opening it first. */
export const groupLinks = async (page: Page, group: string): Promise<string[]> => {
  const toggle = page.getByTestId(`nav-group-${group}`);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return page
    .locator(`#nav-group-${group} [data-testid^="nav-link-"]`)
    .evaluateAll((nodes) =>
      nodes.map((node) => node.getAttribute('data-testid')?.replace('nav-link-', '') ?? ''),
    );
};

/** Opens a path and waits until the guard has settled on a URL. */
export const openPath = async (page: Page, path: string) => {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
};
