/**
 * What apps/server passes to React Router's request handler for every page: the CSP nonce of the response
 * (no inline script runs without it), the locale the server resolved (?lang=, cookie `lang`, else sq) and
 * `site`, the server's data access for loaders (catalogue, content, settings) without an HTTP round trip.
 */
import type { SiteLoadContext } from '@esim/contracts/site-data';
import 'react-router';

declare module 'react-router' {
  interface AppLoadContext extends SiteLoadContext {}
}
