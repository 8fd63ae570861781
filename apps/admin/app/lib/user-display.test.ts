import { describe, expect, it } from 'vitest';
import { getAvatarLetter, getFullName } from './user-display';

describe('getAvatarLetter', () => {
  it('takes the first letter of the first name, upper-cased', () => {
    expect(getAvatarLetter('drita')).toBe('D');
    expect(getAvatarLetter('  Ërion')).toBe('Ë');
    expect(getAvatarLetter('عمر')).toBe('ع');
  });

  it('falls back to A', () => {
    for (const name of ['', '   ', null, undefined]) expect(getAvatarLetter(name)).toBe('A');
  });
});

describe('getFullName', () => {
  it('joins first and last name and skips empty parts', () => {
    expect(getFullName({ first_name: 'Drita', last_name: 'Berisha' })).toBe('Drita Berisha');
    expect(getFullName({ first_name: 'Drita', last_name: ' ' })).toBe('Drita');
    expect(getFullName(null)).toBe('');
  });
});
