import { describe, expect, it } from 'vitest';
import {
  currentReferral,
  forgetReferral,
  noteReferral,
  rememberReferral,
  storedReferral,
} from '../../lib/referral';
import { getAttribution } from './attribution';

describe('getAttribution', () => {
  it('takes the campaign parameters of the order page', () => {
    const page = new URL('https://esim.test/order/de-5gb-30d?utm_source=fb&utm_campaign=summer&fbclid=abc');
    expect(getAttribution(page, '')).toEqual({
      utmSource: 'fb',
      utmCampaign: 'summer',
      fbclid: 'abc',
      landingPage: '/order/de-5gb-30d?utm_source=fb&utm_campaign=summer&fbclid=abc',
    });
  });

  it('uses the page of this site that linked to the order as landing page, never another site', () => {
    const page = new URL('https://esim.test/order/de-5gb-30d');
    expect(getAttribution(page, 'https://esim.test/countries/de?lang=en')).toEqual({
      landingPage: '/countries/de?lang=en',
    });
    expect(getAttribution(page, 'https://elsewhere.example/ad')).toEqual({
      landingPage: '/order/de-5gb-30d',
    });
    expect(getAttribution(page, 'not a url')).toEqual({ landingPage: '/order/de-5gb-30d' });
  });

  it('leaves out empty values and clips long ones to the contract bounds', () => {
    const page = new URL(`https://esim.test/order/x?utm_source=%20%20&utm_campaign=${'c'.repeat(300)}`);
    const attribution = getAttribution(page, '');
    expect(attribution?.utmSource).toBeUndefined();
    expect(attribution?.utmCampaign).toHaveLength(200);
  });
});

describe('referral links', () => {
  const memory = () => {
    const items = new Map<string, string>();
    return {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    };
  };

  it('holds a ?ref= code in memory only; stores it for 30 days once told to (consent), and forgets it', () => {
    const storage = memory();
    const day = 86_400_000;
    noteReferral(new URL('https://esim.test/?ref=arta-7k2qx'));
    noteReferral(new URL('https://esim.test/faq'));
    expect(storage.getItem('referral')).toBeNull();
    const order = new URL('https://esim.test/order/de-5gb-30d');
    // A later page of the same tab: the code still counts, nothing stored.
    expect(getAttribution(order, '', currentReferral(order))).toMatchObject({ referralCode: 'ARTA-7K2QX' });
    rememberReferral(storage, 0);
    expect(storedReferral(storage, 29 * day)).toBe('ARTA-7K2QX');
    expect(storedReferral(storage, 31 * day)).toBeUndefined();
    forgetReferral(storage);
    expect(storage.getItem('referral')).toBeNull();
  });

  it('ignores codes that cannot be a referral code and keeps the last good one', () => {
    const storage = memory();
    noteReferral(new URL('https://esim.test/?ref=GOOD-12345'));
    noteReferral(new URL('https://esim.test/?ref=%3Cscript%3E'));
    rememberReferral(storage, 0);
    expect(storedReferral(storage, 2)).toBe('GOOD-12345');
    storage.setItem('referral', '{broken');
    expect(storedReferral(storage, 2)).toBeUndefined();
  });
});
