import type { Page } from '@playwright/test';
import { expect, uniqueEmail, uniquePhone } from '../../fixtures';

export type Customer = { firstName: string; lastName: string; email: string; password: string };

/** Registers a customer through the form; the new user ends signed in on the home page. */
export const registerCustomer = async (page: Page, overrides: Partial<Customer> = {}): Promise<Customer> => {
  const customer: Customer = {
    firstName: 'Ada',
    lastName: 'Traveller',
    email: uniqueEmail('customer'),
    password: 'Travel-2026!',
    ...overrides,
  };
  await page.goto('/register');
  await page.getByLabel('First name').fill(customer.firstName);
  await page.getByLabel('Last name').fill(customer.lastName);
  await page.getByLabel('E-mail').fill(customer.email);
  await page.getByLabel('Phone number').fill(uniquePhone());
  await page.getByLabel(/^Password/).fill(customer.password);
  await page.getByLabel('Confirm password').fill(customer.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  return customer;
};

export const loginCustomer = async (page: Page, email: string, password: string) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('account-menu')).toBeVisible();
};

export const logoutFromMenu = async (page: Page) => {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
};
