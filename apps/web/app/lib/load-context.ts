/**
 * What apps/server passes to React Router's request handler for every page: the CSP nonce of the response
 * (no inline script runs without it) and the locale the server resolved (cookie `lang`, else sq).
 */
import 'react-router';

declare module 'react-router' {
  interface AppLoadContext {
    nonce: string;
    locale: string;
  }
}
