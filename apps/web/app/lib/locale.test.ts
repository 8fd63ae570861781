import { describe, expect, it } from 'vitest';
import { parseLocalePath } from './i18n';
import { getHtmlAttributes, resolveRequestLocale } from './locale';

const request = (url: string, cookie?: string) => new Request(url, { headers: cookie ? { cookie } : {} });

describe('resolveRequestLocale', () => {
  it('prefers ?lang=, then the locale apps/server resolved, then the lang cookie, then sq', () => {
    expect(
      resolveRequestLocale(request('http://x/login?lang=fr', 'lang=de'), { locale: 'it', nonce: '' }),
    ).toBe('fr');
    expect(resolveRequestLocale(request('http://x/login', 'lang=de'), { locale: 'it', nonce: '' })).toBe(
      'it',
    );
    expect(resolveRequestLocale(request('http://x/login', 'a=1; lang=sa'), {})).toBe('sa');
    expect(resolveRequestLocale(request('http://x/login?lang=xx', 'lang=zz'), undefined)).toBe('sq');
  });
});

describe('getHtmlAttributes', () => {
  it('maps SPEC codes to BCP 47 tags and makes Arabic right to left', () => {
    expect(getHtmlAttributes('sa')).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(getHtmlAttributes('at')).toEqual({ lang: 'de-AT', dir: 'ltr' });
    expect(getHtmlAttributes('gr')).toEqual({ lang: 'el', dir: 'ltr' });
  });
});

describe('parseLocalePath', () => {
  it('reads locale and namespace from a glob path', () => {
    expect(parseLocalePath('../../../../packages/i18n/locales/mk/web.json')).toEqual({
      locale: 'mk',
      ns: 'web',
    });
    expect(parseLocalePath('../x/readme.md')).toBeUndefined();
  });
});
