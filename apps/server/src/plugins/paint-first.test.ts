import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { createPaintFirst } from './paint-first';

const clientDir = mkdtempSync(join(tmpdir(), 'paint-first-'));
mkdirSync(join(clientDir, 'assets'));
writeFileSync(join(clientDir, 'assets/shell-1.css'), 'body{margin:0}');
writeFileSync(join(clientDir, 'assets/flags-2.css'), '.flag{background:url(./al.svg)}');
mkdirSync(join(clientDir, '.vite'));
writeFileSync(
  join(clientDir, '.vite/manifest.json'),
  JSON.stringify({
    '../../packages/i18n/locales/sq/common.json': { file: 'assets/common-sq.js', isDynamicEntry: true },
    '../../packages/i18n/locales/en/common.json': { file: 'assets/common-en.js', isDynamicEntry: true },
    '../../packages/i18n/locales/en/web.json': { file: 'assets/web-en.js', isDynamicEntry: true },
    '../../packages/i18n/locales/sq/portal.json': { file: 'assets/portal-sq.js', isDynamicEntry: true },
  }),
);

// What React Router renders: preloads and stylesheets in the head, the module script at the end of the body.
const page = [
  '<!DOCTYPE html><html lang="sq" dir="ltr" data-locale="sq" data-texts="common web"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="n0nce"/>',
  '<link nonce="n0nce" rel="stylesheet" href="/assets/shell-1.css"/>',
  '<link nonce="n0nce" rel="stylesheet" href="/assets/flags-2.css"/>',
  '</head><body><h1>Mirë se erdhët — ëëë</h1>',
  '<script nonce="n0nce">window.__reactRouterContext = {};</script>',
  '<script nonce="n0nce" type="module" async="">import * as route0 from "/assets/root-B.js";\nwindow.less = 1<2;\nimport("/assets/entry.client-A.js");</script>',
  '<script nonce="n0nce">window.__reactRouterContext.streamController.close();</script></body></html>',
].join('');

const loaderOf = (html: string) =>
  /<script nonce="n0nce">(\(function\(\)[\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

type Added = { tag: string; [key: string]: unknown };

/** Runs a page's loader against a stand-in browser: what it adds, and a way to report paint entries. */
const runLoader = (html: string, navigator: { connection?: { saveData: boolean } } = {}) => {
  const added: Added[] = [];
  const element = (tag: string) => {
    const node: Added = { tag };
    added.push(node);
    return node;
  };
  const observers: ((list: { getEntriesByName: (name: string) => unknown[] }, o: unknown) => void)[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = ['paint'];
    constructor(callback: (typeof observers)[number]) {
      observers.push(callback);
    }
    observe() {}
    disconnect() {}
  }
  const paint = (names: string[]) => {
    for (const notify of observers)
      notify({ getEntriesByName: (name) => names.filter((n) => n === name) }, { disconnect: () => {} });
  };
  new Function('window', 'PerformanceObserver', 'document', 'setTimeout', 'navigator', loaderOf(html))(
    { PerformanceObserver },
    PerformanceObserver,
    {
      visibilityState: 'visible',
      createElement: element,
      addEventListener: () => {},
      head: { appendChild: () => {} },
      body: { appendChild: () => {} },
    },
    () => {},
    navigator,
  );
  return { added, paint };
};

describe('paint first', () => {
  const { rewrite, stream } = createPaintFirst(clientDir);

  it('puts stylesheets inline, keeping each link disabled, and starts the scripts after the first paint', () => {
    const html = rewrite(page);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain(
      '<style>body{margin:0}</style><link nonce="n0nce" rel="stylesheet" href="/assets/shell-1.css" disabled=""/>',
    );
    // Marked as also reached by a dynamic import (`#`): the same file, inline all the same, and a disabled link
    // under the plain href so that Vite's preload helper does not fetch it again for a lazy chunk.
    expect(rewrite(page.replace('/assets/shell-1.css"', '/assets/shell-1.css#"'))).toContain(
      '<style>body{margin:0}</style><link nonce="n0nce" rel="stylesheet" href="/assets/shell-1.css#" disabled=""/>' +
        '<link nonce="n0nce" rel="stylesheet" href="/assets/shell-1.css" disabled=""/>',
    );
    expect(html.match(/shell-1\.css/g)).toHaveLength(1);
    // Only the shell's (the first) goes inline; a page's own stylesheets stay links.
    expect(html).toContain('<link nonce="n0nce" rel="stylesheet" href="/assets/flags-2.css"/>');
    // A stylesheet with relative URLs would break inline: it stays a link, first or not.
    expect(
      rewrite(page.replace('<link nonce="n0nce" rel="stylesheet" href="/assets/shell-1.css"/>', '')),
    ).toContain('<link nonce="n0nce" rel="stylesheet" href="/assets/flags-2.css"/>');
    expect(html).not.toContain('type="module" async');
    const loader = loaderOf(html);
    // The code travels as a string literal that cannot close the inline script early.
    expect(loader).not.toContain('<');
    // The loader adds back exactly what was taken out, once the first contentful paint is reported.
    const { added, paint } = runLoader(html);
    expect(added).toEqual([]);
    paint(['first-paint']);
    expect(added).toEqual([]);
    paint(['first-contentful-paint']);
    expect(added).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/entry.client-A.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/root-B.js' },
      // The translations hydration waits for: the page's language, English for a namespace it lacks.
      { tag: 'link', rel: 'modulepreload', href: '/assets/common-sq.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/web-en.js' },
      {
        tag: 'script',
        type: 'module',
        nonce: 'n0nce',
        textContent:
          'import * as route0 from "/assets/root-B.js";\nwindow.less = 1<2;\nimport("/assets/entry.client-A.js");',
      },
    ]);
  });

  it("preloads the translations of the page's own screens too, and none where the page names none", () => {
    const portal = loaderOf(
      rewrite(page.replace('data-texts="common web"', 'data-texts="common web portal"')),
    );
    expect(portal).toContain('"/assets/portal-sq.js"');
    expect(portal).toContain('"/assets/common-sq.js"');
    expect(loaderOf(rewrite(page))).not.toContain('portal-sq');
    const unnamed = loaderOf(rewrite(page.replace(' data-texts="common web"', '')));
    expect(unnamed).toContain('"/assets/root-B.js"');
    expect(unnamed).not.toContain('common-sq');
  });

  it("lists the page's next routes in React Router's manifest, once, and leaves other pages alone", () => {
    const order = {
      id: 'routes/checkout/order',
      parentId: 'root',
      path: 'order/:slug',
      module: '/assets/order-C.js',
    };
    const success = {
      id: 'routes/checkout/payment-success',
      parentId: 'root',
      path: 'payment/success',
      module: '/assets/payment-success-D.js',
    };
    const withNext = createPaintFirst(clientDir, {
      'routes/checkout/order': order,
      'routes/checkout/payment-success': success,
      root: { id: 'root' },
    });
    const manifest = (routes: string) =>
      `import * as route0 from "/assets/root-B.js";\n  window.__reactRouterManifest = {\n  "entry": {"module": "/assets/entry.client-A.js"},\n  "routes": {\n    "root": {"id": "root"}${routes}\n  }\n};\nimport("/assets/entry.client-A.js");`;
    const pageWith = (code: string, next?: string) =>
      page
        .replace('data-texts=', next ? `data-next-page="${next}" data-texts=` : 'data-texts=')
        .replace(/type="module" async="">[\s\S]*?<\/script>/, `type="module" async="">${code}</script>`);
    const codeOf = (html: string) => {
      const { added, paint } = runLoader(html);
      paint(['first-contentful-paint']);
      return String(added.find((node) => node.tag === 'script')?.textContent);
    };
    const routesOf = (code: string) =>
      Object.keys(
        JSON.parse(code.slice(code.indexOf('{'), code.indexOf(';\nimport("'))).routes as Record<
          string,
          unknown
        >,
      );

    const listed = codeOf(withNext.rewrite(pageWith(manifest(''), 'routes/checkout/order')));
    expect(routesOf(listed)).toEqual(['routes/checkout/order', 'root']);
    expect(listed).toContain(`"routes/checkout/order":${JSON.stringify(order)}`);
    // The way on, in order: both routes; one the build does not know is skipped, not the others.
    const both = codeOf(
      withNext.rewrite(
        pageWith(manifest(''), 'routes/checkout/order routes/unknown routes/checkout/payment-success'),
      ),
    );
    expect(routesOf(both)).toEqual(['routes/checkout/order', 'routes/checkout/payment-success', 'root']);
    expect(both).toContain(`"routes/checkout/payment-success":${JSON.stringify(success)}`);
    // Already listed (the page is the order page's child, say): not twice.
    const twice = manifest(`,\n    "routes/checkout/order": ${JSON.stringify(order)}`);
    expect(routesOf(codeOf(withNext.rewrite(pageWith(twice, 'routes/checkout/order'))))).toEqual([
      'root',
      'routes/checkout/order',
    ]);
    // No next page, or one the build does not know: the manifest as React Router wrote it.
    for (const next of [undefined, 'routes/unknown'])
      expect(codeOf(withNext.rewrite(pageWith(manifest(''), next)))).toBe(manifest(''));
  });

  it('leaves a document without a module script as it is', () => {
    const plain = '<html><head><link rel="modulepreload" href="/assets/a.js"/></head><body></body></html>';
    expect(rewrite(plain)).toBe(plain);
  });

  it('gives the same bytes as a stream, however the document is cut into chunks', async () => {
    const bytes = Buffer.from(page);
    const whole = Buffer.from(rewrite(page));
    for (const size of [1, 7, 64, 1000]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect((await buffer(Readable.from(chunks).pipe(stream()))).equals(whole)).toBe(true);
    }
  });
});
