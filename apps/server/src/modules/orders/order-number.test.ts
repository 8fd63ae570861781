import { describe, expect, it } from 'vitest';
import { createOrderNumber, orderNumberPattern } from './order-number';

describe('order numbers', () => {
  it('look like ES-XXXX-XXXX without ambiguous letters', () => {
    for (let i = 0; i < 1000; i++) expect(createOrderNumber()).toMatch(orderNumberPattern);
    expect(createOrderNumber(() => Buffer.alloc(8, 0))).toBe('ES-0000-0000');
    expect(createOrderNumber(() => Buffer.alloc(8, 31))).toBe('ES-ZZZZ-ZZZZ');
  });

  it('rarely repeat', () => {
    const numbers = new Set(Array.from({ length: 20_000 }, () => createOrderNumber()));
    expect(numbers.size).toBe(20_000);
  });
});
