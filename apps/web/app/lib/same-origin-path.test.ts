import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './same-origin-path';

describe('sameOriginPath', () => {
  it('keeps paths on this site', () => {
    for (const path of ['/', '/countries/al?lang=de', '/a/b#c', '/search?q=%2F%2Fx'])
      expect(sameOriginPath(path)).toBe(path);
  });

  it('refuses other origins, scheme-relative and backslash forms, and non-strings', () => {
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      '/\n/evil.example',
      '',
      null,
      42,
    ])
      expect(sameOriginPath(bad), String(bad)).toBe('/');
  });
});
