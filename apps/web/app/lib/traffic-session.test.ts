import { describe, expect, it } from 'vitest';
import { enterPage, readVisit, visitAttribution } from './traffic-session';

// A Storage's methods live on its prototype (as localStorage's do), so a copy of the object would lose them.
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, v);
  }
}
const memory = () => new MemoryStorage();
const site = 'https://esim.example';
const ids = () => {
  let n = 0;
  return () => `visit-${++n}`;
};

describe('enterPage', () => {
  it('starts a visit at the campaign page and keeps it across the pages of the site', () => {
    const storage = memory();
    const id = ids();
    const landed = enterPage(
      storage,
      new URL(`${site}/?utm_source=facebook&utm_campaign=spring&fbclid=abc`),
      '',
      0,
      id,
    );
    expect(landed).toMatchObject({
      entry: true,
      visit: {
        id: 'visit-1',
        touch: { utmSource: 'facebook', utmCampaign: 'spring', fbclid: 'abc', landingPage: '/' },
      },
    });
    const next = enterPage(storage, new URL(`${site}/esim/albania`), `${site}/`, 60_000, id);
    expect(next.entry).toBe(false);
    expect(next.visit.id).toBe('visit-1');
    expect(readVisit(storage)?.touch.utmSource).toBe('facebook');
  });

  it('starts a new visit after 30 idle minutes or another source, and keeps the first touch', () => {
    const storage = memory();
    const id = ids();
    enterPage(storage, new URL(`${site}/?utm_source=facebook`), '', 0, id);
    const idle = enterPage(storage, new URL(`${site}/faq`), '', 31 * 60_000, id);
    expect(idle).toMatchObject({ entry: true, visit: { id: 'visit-2', touch: { landingPage: '/faq' } } });
    expect(idle.visit.touch.utmSource).toBeUndefined();
    const google = enterPage(storage, new URL(`${site}/devices`), 'https://www.google.com/', 32 * 60_000, id);
    expect(google).toMatchObject({
      entry: true,
      visit: { id: 'visit-3', touch: { referrerHost: 'google.com' } },
    });
    expect(google.visit.first).toMatchObject({ utmSource: 'facebook', landingPage: '/', at: 0 });
  });
});

describe('visitAttribution', () => {
  it("gives the visit's touch, its id and the first touch for the order; nothing without a visit", () => {
    const storage = memory();
    expect(visitAttribution(storage)).toBeNull();
    enterPage(storage, new URL(`${site}/faq`), 'https://www.google.com/', 0, () => 'visit-1');
    enterPage(
      storage,
      new URL(`${site}/?utm_source=facebook&utm_medium=cpc&utm_campaign=spring&fbclid=abc`),
      '',
      60_000,
      () => 'visit-2',
    );
    enterPage(storage, new URL(`${site}/order/al-5gb`), `${site}/`, 120_000);
    expect(visitAttribution(storage)).toEqual({
      utmSource: 'facebook',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
      fbclid: 'abc',
      landingPage: '/',
      sessionId: 'visit-2',
      firstTouch: { referrerHost: 'google.com', landingPage: '/faq' },
    });
  });
});
