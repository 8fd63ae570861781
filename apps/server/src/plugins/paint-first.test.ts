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

type Added = { tag: string; onload?: () => void; [key: string]: unknown };

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
  // Plain objects, as the expectations write them: without the handlers the loader attached.
  const shown = () => added.map(({ onload: _onload, onerror: _onerror, ...node }) => node);
  return { added, shown, paint };
};

describe('paint first', () => {
  const { rewrite, stream } = createPaintFirst(clientDir);

  it('puts stylesheets inline, keeping each link disabled, and starts the scripts after the first paint', () => {
    const html = rewrite(page);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain(
      '<style>body{margin:0}</style><link nonce="n0nce" rel="stylesheet" href="/assets/shell-1.css" disabled=""/>',
    );
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
    const { added, shown, paint } = runLoader(html);
    expect(added).toEqual([]);
    paint(['first-paint']);
    expect(added).toEqual([]);
    paint(['first-contentful-paint']);
    expect(shown()).toEqual([
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

  it("prefetches the next page's code, less this page's, once this page's scripts have arrived; not to save data", () => {
    const withNext = createPaintFirst(clientDir, {
      'routes/checkout/order': {
        module: '/assets/order-C.js',
        imports: ['/assets/root-B.js', '/assets/kit-D.js'],
        css: ['/assets/shell-1.css', '/assets/form-E.css'],
      },
    });
    const html = withNext.rewrite(
      page.replace('data-texts=', 'data-next-page="routes/checkout/order" data-texts='),
    );
    const { added, shown, paint } = runLoader(html);
    paint(['first-contentful-paint']);
    const preloads = added.filter((node) => node.rel === 'modulepreload');
    expect(preloads).toHaveLength(4);
    for (const preload of preloads.slice(0, 3)) preload.onload?.();
    expect(shown().filter((node) => node.rel === 'prefetch')).toEqual([]);
    preloads[3]?.onload?.();
    expect(shown().filter((node) => node.rel === 'prefetch')).toEqual([
      { tag: 'link', rel: 'prefetch', as: 'style', href: '/assets/form-E.css' },
      { tag: 'link', rel: 'prefetch', as: 'script', crossOrigin: '', href: '/assets/order-C.js' },
      { tag: 'link', rel: 'prefetch', as: 'script', crossOrigin: '', href: '/assets/kit-D.js' },
    ]);

    const saving = runLoader(html, { connection: { saveData: true } });
    saving.paint(['first-contentful-paint']);
    for (const node of saving.added) node.onload?.();
    expect(saving.shown().filter((node) => node.rel === 'prefetch')).toEqual([]);
    // A page that names no next page, or one the build does not know, prefetches nothing.
    for (const other of [page, page.replace('data-texts=', 'data-next-page="routes/unknown" data-texts=')]) {
      const plain = runLoader(withNext.rewrite(other));
      plain.paint(['first-contentful-paint']);
      for (const node of plain.added) node.onload?.();
      expect(plain.shown().filter((node) => node.rel === 'prefetch')).toEqual([]);
    }
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
