/** Paths of the public pages that are not catalogue pages: the header, footer and sitemap use this list. */
export const staticPublicPaths = [
  '/',
  '/about',
  '/devices',
  '/how-to-connect',
  '/faq',
  '/contact',
  '/become-a-partner',
  '/terms',
  '/privacy',
] as const;

export const countryPath = (code: string) => `/countries/${code.toLowerCase()}`;
export const regionPath = (code: string) => `/regions/${code.toLowerCase()}`;
export const orderPath = (slug: string) => `/order/${encodeURIComponent(slug)}`;
/** The order page's route id in React Router's manifest (`handle.nextPage`, `IntentLink`'s `route`). */
export const orderRoute = 'routes/checkout/order';
