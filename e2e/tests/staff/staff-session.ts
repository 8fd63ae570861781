/**
 * Helpers for the staff journeys (project "staff", baseURL = the staff origin). Journeys that only look use
 * the demo accounts; journeys that edit an account use their own (the `admin`, `editor`, `analytics` fixtures).
 */

import type { Page } from '@playwright/test';
import { demoPassword, expect } from '../../fixtures';

export type StaffRole = 'admin' | 'editor' | 'analytics';
export const staffEmail = (role: StaffRole) => `${role}@demo.esim`;

/** Signs in through the login form (a demo role or a fixture's account) and waits for the dashboard. */
export const loginAsStaff = async (
  page: Page,
  account: StaffRole | { email: string; password: string },
  password = demoPassword,
) => {
  const { email, password: secret } =
    typeof account === 'string' ? { email: staffEmail(account), password } : account;
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
