import { describe, expect, it } from 'vitest';
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
