import type { ClientInstrumentation } from 'react-router';

type ManifestRoute = { module: string; imports?: string[] };

/** What React Router keeps on `window` in framework mode: the route manifest (routes discovered so far) and
 * the route modules it has imported. */
export type RouterGlobals = {
  __reactRouterManifest?: { routes: Record<string, ManifestRoute | undefined> };
  __reactRouterRouteModules?: Record<string, unknown>;
};

type PreloadDocument = Pick<Document, 'createElement' | 'querySelector'> & {
  head: Pick<HTMLHeadElement, 'append'>;
};

type ClickListenerTarget = {
  addEventListener(type: 'click', listener: (event: MouseEvent) => void, capture: boolean): void;
};

/**
 * Adds a `modulepreload` for a route's module and each chunk it imports that the page does not have yet, all at
 * once, at low priority; nothing for a route whose module is loaded or that the manifest does not list.
 */
const preloadRoute = (routeId: string, globals: RouterGlobals, doc: PreloadDocument) => {
  const route = globals.__reactRouterManifest?.routes[routeId];
  if (!route || globals.__reactRouterRouteModules?.[routeId]) return;
  for (const href of [route.module, ...(route.imports ?? [])]) {
    // Manifest hrefs are build file names (`/assets/name-hash.js`): nothing in them needs escaping.
    if (doc.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    // Behind the route's data and module in the connection queue: at high priority these 30 requests went
    // first and the page's data came last.
    link.fetchPriority = 'low';
    link.href = href;
    doc.head.append(link);
  }
};

/**
 * On a page change, fetches all of the next route's code at once. React Router imports a route's module when it
 * navigates there, and the browser finds that module's imports only once it has arrived and been parsed, then
 * theirs: three waves of requests, one round trip each, for a form page's 30 chunks (the order page took
 * 1.3 s on Slow 4G). The manifest already lists every chunk a route imports, so when the route's loader is
 * called (together with its module's import), this preloads them. A route whose module is already loaded is left
 * alone, so revalidation after a form post adds nothing.
 *
 * A link that names its route (`data-route`, for a route the page's manifest lists already: `handle.nextPages`)
 * starts them with the click. A link to a path with a parameter (`/order/:slug`) first asks the server for routes
 * that might match better (`/__manifest`, a round trip on Slow 4G) before React Router imports anything or calls
 * a loader, even for a listed route; the code is on its way during that round trip.
 */
export const preloadRouteCode = (
  globals: RouterGlobals = window as unknown as RouterGlobals,
  doc: PreloadDocument & ClickListenerTarget = document,
): ClientInstrumentation => ({
  router() {
    // Any button or modifier: a link opened in another tab finds the code in the HTTP cache.
    doc.addEventListener(
      'click',
      (event) => {
        const route = (event.target as Element | null)
          ?.closest?.('a[data-route]')
          ?.getAttribute('data-route');
        if (route) preloadRoute(route, globals, doc);
      },
      true,
    );
  },
  route(route) {
    route.instrument({
      loader: async (load) => {
        preloadRoute(route.id, globals, doc);
        await load();
      },
    });
  },
});
