import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { detectLocale } from './i18n';

const storage = new Map<string, string>();
const fakeStorage = {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => void storage.set(key, value),
  removeItem: (key: string) => void storage.delete(key),
};

const geo = (body: unknown, status = 200) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('detectLocale (SPEC sections 4 and 9)', () => {
  beforeEach(() => {
    storage.clear();
    vi.stubGlobal('localStorage', fakeStorage);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('uses a valid saved choice without asking for the country', async () => {
    storage.set('languagePreference', 'gr');
    const fetchGeo = geo({ country_code: 'AL' });
    expect(await detectLocale(fetchGeo)).toBe('gr');
    expect(fetchGeo).not.toHaveBeenCalled();
  });

  it('maps the country to a language when the saved choice is missing or invalid, and saves it', async () => {
    storage.set('languagePreference', 'klingon');
    expect(await detectLocale(geo({ country_code: 'XK' }))).toBe('sq');
    expect(storage.get('languagePreference')).toBe('sq');
    storage.clear();
    expect(await detectLocale(geo({ country_code: 'AT' }))).toBe('de');
  });

  it('uses English for other or unknown countries', async () => {
    expect(await detectLocale(geo({ country_code: 'US' }))).toBe('en');
    storage.clear();
    expect(await detectLocale(geo({ country_code: null }))).toBe('en');
  });

  it('keeps the default language and saves nothing when the lookup fails', async () => {
    expect(await detectLocale(geo({ code: 'INTERNAL' }, 500))).toBe('sq');
    expect(
      await detectLocale(
        vi.fn(async () => {
          throw new TypeError('network down');
        }),
      ),
    ).toBe('sq');
    expect(storage.has('languagePreference')).toBe(false);
  });
});
