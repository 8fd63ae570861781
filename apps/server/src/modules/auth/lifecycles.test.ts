import { describe, expect, it } from 'vitest';
import { closedAccountRefusal, customerMay, customerStateOf } from './customer-lifecycle';
import { shopMay } from './shop-lifecycle';

// ADR 0092: the accounts' lifecycle tables, as the functions every route and job asks.
const customer = (status: 'active' | 'blocked', deletedAt: Date | null = null, email = 'a@example.test') => ({
  status,
  deletedAt,
  email,
});

describe('customer lifecycle', () => {
  it('names the four states', () => {
    expect(customerStateOf(customer('active'))).toBe('active');
    expect(customerStateOf(customer('blocked'))).toBe('blocked');
    expect(customerStateOf(customer('blocked', new Date()))).toBe('deleted');
    expect(customerStateOf(customer('active', new Date(), 'erased-1@erased.invalid'))).toBe('erased');
  });

  it('lets an active account do everything and a closed one nothing but have its gifts delivered', () => {
    const uses = ['signIn', 'buy', 'carryOutPayment', 'resetPassword', 'deliverGiftCards'] as const;
    expect(uses.filter((use) => customerMay(customer('active'), use))).toEqual([...uses]);
    expect(uses.filter((use) => customerMay(customer('blocked'), use))).toEqual([]);
    expect(uses.filter((use) => customerMay(customer('active', new Date()), use))).toEqual([
      'deliverGiftCards',
    ]);
  });

  it('answers every signed-out door the same for a deleted account', () => {
    const deleted = customer('active', new Date());
    for (const door of ['checkout', 'login', 'forgotPassword', 'register'] as const)
      expect(closedAccountRefusal(deleted, door)).toBe('ACCOUNT_DELETED');
    expect(closedAccountRefusal(customer('blocked'), 'forgotPassword')).toBe('ACCOUNT_BLOCKED');
    expect(closedAccountRefusal(customer('blocked'), 'checkout')).toBeNull();
    expect(closedAccountRefusal(customer('active'), 'register')).toBeNull();
  });
});

describe('shop lifecycle', () => {
  it('lets only an active shop sign in and trade', () => {
    expect(shopMay({ status: 'active', deletedAt: null }, 'trade')).toBe(true);
    expect(shopMay({ status: 'suspended', deletedAt: null }, 'signIn')).toBe(false);
    expect(shopMay({ status: 'pending_verification', deletedAt: null }, 'trade')).toBe(false);
    expect(shopMay({ status: 'active', deletedAt: new Date() }, 'signIn')).toBe(false);
    expect(shopMay(null, 'signIn')).toBe(false);
  });
});
