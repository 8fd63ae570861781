import type { InstrumentRouteFunction, InstrumentRouterFunction } from 'react-router';
import { describe, expect, it } from 'vitest';
import { preloadRouteCode, type RouterGlobals } from './preload-route-code';

/** A stand-in document: the links appended to its head, and a query that finds them by rel and href. */
const fakeDocument = (present: string[] = []) => {
  const head: { rel: string; href: string; fetchPriority?: string }[] = present.map((href) => ({
    rel: 'modulepreload',
    href,
  }));
  const clicks: ((event: unknown) => void)[] = [];
  const doc = {
    addEventListener: (_type: string, listener: (event: unknown) => void) => clicks.push(listener),
    head: { append: (link: { rel: string; href: string }) => head.push(link) },
    createElement: () => ({ rel: '', href: '' }),
    querySelector: (selector: string) =>
      head.find((link) => selector === `link[rel="${link.rel}"][href="${link.href}"]`) ?? null,
  };
  /** A click on a link that names `route` (null: on something else). */
  const click = (route: string | null) => {
    const link =
      route === null ? null : { getAttribute: (name: string) => (name === 'data-route' ? route : null) };
    for (const listener of clicks)
      listener({
        target: { closest: (selector: string) => (selector === 'a[data-route]' ? link : null) },
      });
  };
  return { head, click, doc: doc as unknown as Parameters<typeof preloadRouteCode>[1] };
};

/** Instruments one route and calls its loader the way React Router does on a page change. */
const navigate = async (
  globals: RouterGlobals,
  doc: ReturnType<typeof fakeDocument>['doc'],
  routeId: string,
) => {
  const steps: string[] = [];
  const instrument = preloadRouteCode(globals, doc).route as InstrumentRouteFunction;
  let loader: ((load: () => Promise<unknown>) => Promise<void>) | undefined;
  instrument({
    id: routeId,
    index: undefined,
    path: 'order/:slug',
    instrument: (hooks) => {
      loader = hooks.loader as typeof loader;
    },
  });
  await loader?.(async () => {
    steps.push('loaded');
    return { status: 'success', error: undefined };
  });
  return steps;
};

describe('preloadRouteCode', () => {
  const manifest = {
    routes: {
      'routes/checkout/order': {
        module: '/assets/order-A.js',
        imports: ['/assets/shell-B.js', '/assets/form-kit-C.js', '/assets/validation-D.js'],
      },
    },
  };

  it('asks for every chunk the route imports at once, at low priority, less what the page has, then loads', async () => {
    const { head, doc } = fakeDocument(['/assets/shell-B.js']);
    const steps = await navigate({ __reactRouterManifest: manifest }, doc, 'routes/checkout/order');
    expect(steps).toEqual(['loaded']);
    expect(head.slice(1)).toEqual([
      { rel: 'modulepreload', fetchPriority: 'low', href: '/assets/order-A.js' },
      { rel: 'modulepreload', fetchPriority: 'low', href: '/assets/form-kit-C.js' },
      { rel: 'modulepreload', fetchPriority: 'low', href: '/assets/validation-D.js' },
    ]);
  });

  it('adds nothing for a route whose module is loaded (revalidation) or that the manifest does not know yet', async () => {
    const loaded = fakeDocument();
    await navigate(
      { __reactRouterManifest: manifest, __reactRouterRouteModules: { 'routes/checkout/order': {} } },
      loaded.doc,
      'routes/checkout/order',
    );
    expect(loaded.head).toEqual([]);
    const unknown = fakeDocument();
    expect(await navigate({ __reactRouterManifest: manifest }, unknown.doc, 'routes/other')).toEqual([
      'loaded',
    ]);
    expect(unknown.head).toEqual([]);
  });

  it('starts with the click on a link that names a route the manifest lists, not after route discovery', () => {
    const { head, doc, click } = fakeDocument(['/assets/shell-B.js']);
    const instrument = preloadRouteCode({ __reactRouterManifest: manifest }, doc)
      .router as InstrumentRouterFunction;
    instrument({ instrument: () => {} });
    // A click on a link without a route, or to a route the manifest does not list: nothing.
    click(null);
    click('routes/other');
    expect(head).toHaveLength(1);
    click('routes/checkout/order');
    click('routes/checkout/order');
    expect(head.map((link) => link.href)).toEqual([
      '/assets/shell-B.js',
      '/assets/order-A.js',
      '/assets/form-kit-C.js',
      '/assets/validation-D.js',
    ]);
  });
});
