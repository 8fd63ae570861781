import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint, textFor } from './push.service';

const hosts = ['fcm.googleapis.com', '*.push.services.mozilla.com', '*.push.apple.com'];

describe('isAllowedPushEndpoint', () => {
  it('accepts https endpoints at the listed push services, subdomains only where a pattern says so', () => {
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('https://web.push.apple.com/QG', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('https://eu.fcm.googleapis.com/fcm/send/abc', hosts)).toBe(false);
  });

  it('refuses other hosts, look-alikes, and plain http except on loopback', () => {
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com.evil.test/x', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('https://evilpush.services.mozilla.com/x', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('http://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('https://10.0.0.5/push', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('http://127.0.0.1:4100/push/x', ['127.0.0.1'])).toBe(true);
    expect(isAllowedPushEndpoint('http://127.0.0.1:4100/push/x', hosts)).toBe(false);
  });
});

describe('textFor', () => {
  it("uses the recipient's language, English when that one is empty or missing", () => {
    const texts = { en: 'Hello', sq: 'Përshëndetje', de: '  ' };
    expect(textFor(texts, 'sq')).toBe('Përshëndetje');
    expect(textFor(texts, 'de')).toBe('Hello');
    expect(textFor(texts, 'fr')).toBe('Hello');
  });
});
