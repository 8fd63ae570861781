import { describe, expect, it } from 'vitest';
import { listPhoneCountries } from './phone-countries';

describe('listPhoneCountries', () => {
  it('names every country in the page language with its calling code, sorted in that language', () => {
    const albanian = listPhoneCountries('sq');
    expect(albanian.find((c) => c.code === 'DE')).toEqual({
      code: 'DE',
      name: 'Gjermani',
      callingCode: '49',
    });
    expect(albanian.find((c) => c.code === 'AL')?.callingCode).toBe('355');
    const names = albanian.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'sq')));
    expect(listPhoneCountries('en').find((c) => c.code === 'DE')?.name).toBe('Germany');
  });

  it('makes each language’s list once for the process', () => {
    expect(listPhoneCountries('de')).toBe(listPhoneCountries('de'));
    expect(listPhoneCountries('de')).not.toBe(listPhoneCountries('fr'));
  });
});
