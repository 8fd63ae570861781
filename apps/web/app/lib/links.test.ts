import { describe, expect, it } from 'vitest';
import { addressWith } from './links';

describe('addressWith', () => {
  it('sets the parameter and keeps the others', () => {
    expect(addressWith({ pathname: '/', search: '?lang=sq&q=de' }, 'tab', 'global')).toBe(
      '/?lang=sq&q=de&tab=global',
    );
    expect(addressWith({ pathname: '/faq', search: '?lang=en' }, 'lang', 'sq')).toBe('/faq?lang=sq');
    expect(addressWith({ pathname: '/faq', search: '' }, 'lang', 'ar')).toBe('/faq?lang=ar');
  });
});
