import { clientRestoreDays } from '@esim/contracts/staff';
import type { UserRow } from './auth.repository';

// A customer account's lifecycle (ADR 0092): the one answer to "may this account be used for this now?", read by
// every route, job and screen that acts for or on a customer. A new use is a new `CustomerUse` and a row below,
// never an inline `status === 'blocked'` somewhere else.

/**
 * `active`; `blocked` by staff; `deleted` (soft, restorable by staff for `clientRestoreDays`); `erased` (the
 * daily job removed the personal data: the e-mail is `erased-<id>@erased.invalid`, the address is free again).
 */
export type CustomerState = 'active' | 'blocked' | 'deleted' | 'erased';

/** Where an erased account's e-mail points: nowhere, and unique per account (the e-mail column is unique). */
export const erasedEmailDomain = 'erased.invalid';

type AccountFields = Pick<UserRow, 'status' | 'deletedAt' | 'email'>;

export const customerStateOf = (user: AccountFields): CustomerState => {
  if (user.deletedAt) return user.email.endsWith(`@${erasedEmailDomain}`) ? 'erased' : 'deleted';
  return user.status === 'blocked' ? 'blocked' : 'active';
};

/**
 * What can be done with a customer account:
 * - `signIn`: log in, refresh, call the customer API;
 * - `buy`: start a checkout, a top-up or a change of eSIM, or receive an admin order;
 * - `carryOutPayment`: a payment that finishes carries the order out (otherwise it waits in review);
 * - `resetPassword`: a reset link by e-mail (the forgot-password page or staff);
 * - `deliverGiftCards`: the gift cards the customer bought reach their recipients on their day (a blocked buyer's
 *   wait until staff release them or unblock the buyer).
 */
export type CustomerUse = 'signIn' | 'buy' | 'carryOutPayment' | 'resetPassword' | 'deliverGiftCards';

const allowed: Record<CustomerState, readonly CustomerUse[]> = {
  active: ['signIn', 'buy', 'carryOutPayment', 'resetPassword', 'deliverGiftCards'],
  blocked: [],
  // A deleted customer's gifts were paid for and belong to their recipients: they still go out.
  deleted: ['deliverGiftCards'],
  erased: ['deliverGiftCards'],
};

export const customerMay = (user: AccountFields, use: CustomerUse) =>
  allowed[customerStateOf(user)].includes(use);

/**
 * What every signed-out door (checkout, login, forgot password, register) answers for an e-mail whose account
 * cannot be used: the same sentence everywhere, so nobody is sent in a circle. `null`: the account is usable (or
 * erased, whose address no longer matches anything). A blocked account keeps ADR 0022's doors (checkout and
 * register: "exists, log in"; login: blocked) except forgot password, which says it is blocked instead of
 * e-mailing a link the login would refuse.
 */
export const closedAccountRefusal = (
  user: AccountFields,
  door: 'checkout' | 'login' | 'forgotPassword' | 'register',
): 'ACCOUNT_DELETED' | 'ACCOUNT_BLOCKED' | null => {
  const state = customerStateOf(user);
  if (state === 'deleted') return 'ACCOUNT_DELETED';
  if (state === 'blocked' && door === 'forgotPassword') return 'ACCOUNT_BLOCKED';
  return null;
};

/** The last moment staff can restore a deleted account; after it the daily job erases it. */
export const restoreDeadlineOf = (deletedAt: Date) =>
  new Date(deletedAt.getTime() + clientRestoreDays * 86_400_000);
