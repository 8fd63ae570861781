import type { CreateOrderBody } from '@esim/contracts';

/**
 * The order's columns for the visit that placed it (ADR 0067): the last touch's medium and referring host, the
 * visit's session id and the visitor's first touch. The site sends them only after consent to statistics; without
 * them the columns stay empty and the order keeps the last touch the order page itself carried.
 */
export const visitAttributionOf = (attribution: CreateOrderBody['attribution']) => {
  const first = attribution?.firstTouch;
  return {
    utmMedium: attribution?.utmMedium ?? null,
    referrerHost: attribution?.referrerHost?.toLowerCase() ?? null,
    trafficSessionId: attribution?.sessionId ?? null,
    firstUtmSource: first?.utmSource ?? null,
    firstUtmMedium: first?.utmMedium ?? null,
    firstUtmCampaign: first?.utmCampaign ?? null,
    firstFbclid: first?.fbclid ?? null,
    firstReferrerHost: first?.referrerHost?.toLowerCase() ?? null,
    firstLandingPage: first?.landingPage ?? null,
  };
};
