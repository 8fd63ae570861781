/** Paths of the public pages that are not catalogue pages: the header, footer and sitemap use this list. */
export const staticPublicPaths = [
  '/',
  '/about',
  '/devices',
  '/how-to-connect',
  '/faq',
  '/contact',
  '/become-a-partner',
  '/gift-cards',
  '/terms',
  '/privacy',
] as const;

export const countryPath = (code: string) => `/countries/${code.toLowerCase()}`;
export const regionPath = (code: string) => `/regions/${code.toLowerCase()}`;
export const orderPath = (slug: string) => `/order/${encodeURIComponent(slug)}`;
/** The order page's route id in React Router's manifest (`handle.nextPages`, `IntentLink`'s `route`). */
export const orderRoute = 'routes/checkout/order';
/** The payment return page's route id (`handle.nextPages` of the order page). */
export const paymentReturnRoute = 'routes/checkout/payment-success';
/** The way on from a catalogue page (`handle.nextPages`): the order page, then the payment return page. */
export const purchaseRoutes = [orderRoute, paymentReturnRoute] as const;
