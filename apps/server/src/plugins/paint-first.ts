import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';

// React Router's markup for a page's scripts and stylesheets (react-router's <Scripts> and <Links>).
const modulePreload = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"(?: nonce="[^"]*")?\/>/g;
const moduleScript = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/;
/**
 * React Router marks a stylesheet that a dynamically imported chunk also reaches with a trailing `#` (the site
 * shell's, once a form loads its contract lazily, ADR 0026): the same file, so it goes inline all the same.
 */
const stylesheet = /<link nonce="[^"]*" rel="stylesheet" href="(\/assets\/[^"#]+\.css)#?"\/>/g;

const pageLocale = /<html[^>]* data-locale="([a-z]{2})"/;
/**
 * The translation namespaces the client loads before it hydrates, in the page's language, English where that
 * language has none (apps/web/app/lib/i18n.client.ts): `common` and `web`, plus `account` or `portal` on those
 * screens, as root.tsx writes them to `<html data-texts>`. React Router does not preload them: they are dynamic
 * imports, found only once the site shell has run.
 */
const pageTexts = /<html[^>]* data-texts="([a-z ]+)"/;
/** The routes a visitor most likely opens next (`handle.nextPages`, apps/web/app/lib/next-page.ts). */
const pageNext = /<html[^>]* data-next-page="([\w/. -]+)"/;
/** Where React Router's inline route manifest lists its routes (the module script's `__reactRouterManifest`). */
const manifestRoutes = /(window\.__reactRouterManifest\s*=\s*\{[\s\S]*?"routes":\s*\{)/;

/** React Router's assets manifest (ServerBuild['assets'].routes): each route as its manifest lists it. */
export type RouteAssets = Record<string, { id: string; parentId?: string } | undefined>;

/** A document whose scripts are not found within this much is sent as it is. */
const maxBufferedBytes = 1024 * 1024;

/** A script literal that cannot end the inline script it sits in. */
const scriptLiteral = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The loader that replaces the page's module script: once the browser reports the first contentful paint, it
 * adds the module preloads and the module script React Router wrote. In a hidden tab (no paint until shown),
 * without paint timing, or when nothing has painted within 3 s, it starts at once.
 */
const loader = (nonce: string, preloads: string[], code: string) =>
  `<script nonce="${nonce}">(function(){` +
  'var started=false;function start(){if(started)return;started=true;' +
  `${scriptLiteral(preloads)}.forEach(function(href){var l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.appendChild(l)});` +
  `var s=document.createElement("script");s.type="module";s.nonce=${scriptLiteral(nonce)};s.textContent=${scriptLiteral(code)};document.body.appendChild(s)}` +
  'var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];' +
  'if(document.visibilityState!=="visible"||types.indexOf("paint")===-1)return start();' +
  'new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}}).observe({type:"paint",buffered:true});' +
  'document.addEventListener("visibilitychange",start,{once:true});setTimeout(start,3000)' +
  '})()</script>';

/**
 * Pages paint before their scripts load (ADR 0025). The server-rendered page is complete without scripts;
 * they only make it interactive. On a slow connection, 140 KB of scripts fetched beside the page's stylesheet
 * delay the first paint, and Lighthouse counts every script fetched before the paint against LCP. So:
 * - the site shell's stylesheet goes inline (about 7 KB compressed), so a public page's first paint waits for no
 *   other request; its `<link>` stays, disabled, so React hydrates the head it rendered;
 * - the module preloads and the module script start once the first frame is painted, with preloads added for
 *   the translation chunks hydration waits for;
 * - the routes the page names as its next ones (`data-next-page`) join React Router's manifest.
 */
export const createPaintFirst = (clientDir: string, routes: RouteAssets = {}) => {
  const styles = new Map<string, string | null>();
  let translationChunks: Map<string, string> | null = null;
  /** Locale/namespace → built chunk, from the build's Vite manifest (none when it cannot be read). */
  const translationChunk = (locale: string, ns: string) => {
    if (!translationChunks) {
      translationChunks = new Map();
      try {
        const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<
          string,
          { file?: string }
        >;
        for (const [source, chunk] of Object.entries(manifest)) {
          const found = /locales\/([a-z]{2})\/([a-z]+)\.json$/.exec(source);
          if (found && chunk.file) translationChunks.set(`${found[1]}/${found[2]}`, `/${chunk.file}`);
        }
      } catch {}
    }
    return translationChunks.get(`${locale}/${ns}`) ?? translationChunks.get(`en/${ns}`);
  };
  /** A built stylesheet's text, or null when it cannot go inline as it is (relative URLs, imports). */
  const styleOf = (href: string) => {
    if (!styles.has(href)) {
      let css: string | null = null;
      try {
        css = readFileSync(join(clientDir, href), 'utf8');
      } catch {}
      styles.set(href, css && !/url\(|@import|<\/style/i.test(css) ? css : null);
    }
    return styles.get(href) ?? null;
  };

  /**
   * Lists the page's next routes (and their parents) in React Router's manifest, as route discovery would once
   * the visitor follows a link to them: a click on a link naming the route then asks for all of its code at once
   * (`preloadRouteCode`), during the `/__manifest` round trip React Router makes for a path with a parameter,
   * and the page after it can prefetch the next one's code without discovering it first. A route already listed
   * is not added again; a route (or parent) the build does not know is skipped; a manifest in another form
   * leaves the code unchanged.
   */
  const withNextRoutes = (code: string, routeIds: string[]) => {
    const added: string[] = [];
    const listed = (id: string) =>
      code.includes(`"${id}":`) || added.some((entry) => entry.startsWith(`"${id}":`));
    next: for (const routeId of routeIds) {
      const chain: string[] = [];
      for (
        let id: string | undefined = routeId;
        id !== undefined && id !== 'root';
        id = routes[id]?.parentId
      ) {
        const route = routes[id];
        if (!route) continue next;
        if (!listed(id) && !chain.some((entry) => entry.startsWith(`"${id}":`)))
          chain.push(`${JSON.stringify(id)}:${JSON.stringify(route)},`);
      }
      added.push(...chain);
    }
    return added.length > 0 ? code.replace(manifestRoutes, (start) => `${start}${added.join('')}`) : code;
  };

  /** Rewrites a document from its start through its module script; anything else comes back unchanged. */
  const rewrite = (html: string): string => {
    const script = moduleScript.exec(html);
    if (!script) return html;
    const [, nonce = '', code = ''] = script;
    const preloads: string[] = [];
    let page = html.replace(modulePreload, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
    const locale = pageLocale.exec(html)?.[1];
    const namespaces = pageTexts.exec(html)?.[1]?.split(' ') ?? [];
    for (const ns of locale ? namespaces : []) {
      const chunk = translationChunk(locale as string, ns);
      if (chunk && !preloads.includes(chunk)) preloads.push(chunk);
    }
    // Only the first: the root route's, the site shell every page shares. A page's own (forms, dashboards) stay
    // links: those pages paint after their form kit anyway.
    let first = true;
    page = page.replace(stylesheet, (tag: string, href: string) => {
      const css = first ? styleOf(href) : null;
      first = false;
      if (css === null) return tag;
      const disabled = tag.replace('/>', ' disabled=""/>');
      // A `#` href (also reached by a dynamic import) is one Vite's preload helper does not recognise: it would
      // fetch and apply the file again for each lazy chunk that reaches the shell. A disabled link under the
      // plain href tells it the file is here; React skips it (another href), the browser does not fetch it.
      const known = disabled.includes(`${href}#"`) ? disabled.replace(`${href}#"`, `${href}"`) : '';
      return `<style>${css}</style>${disabled}${known}`;
    });
    const withNext = withNextRoutes(code, pageNext.exec(html)?.[1]?.split(' ').filter(Boolean) ?? []);
    return page.replace(moduleScript, () => loader(nonce, preloads, withNext));
  };

  /** The rewrite as a stream: holds the document until its module script has passed, then lets it through. */
  const stream = () => {
    let held: Buffer[] = [];
    let heldBytes = 0;
    let passing = false;
    let sawModule = false;
    // The end of the bytes already searched: a marker may start there and end in the next chunk.
    let tail = Buffer.alloc(0);
    return new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (passing) return done(null, chunk);
        held.push(chunk);
        heldBytes += chunk.length;
        // Each chunk is searched once (with the previous one's last bytes), not the whole held document again.
        let window = Buffer.concat([tail, chunk]);
        if (!sawModule) {
          const at = window.indexOf('type="module"');
          if (at !== -1) {
            sawModule = true;
            window = window.subarray(at);
          }
        }
        const ended = sawModule && window.indexOf('</script>') !== -1;
        tail = window.subarray(-16);
        if (!ended && heldBytes < maxBufferedBytes) return done();
        passing = true;
        const text = Buffer.concat(held);
        held = [];
        if (!ended) return done(null, text);
        // Cut after an ASCII '>': the rewritten part decodes whole, the rest goes on as bytes.
        const cut = text.indexOf('</script>', text.indexOf('type="module"')) + '</script>'.length;
        done(
          null,
          Buffer.concat([Buffer.from(rewrite(text.subarray(0, cut).toString('utf8'))), text.subarray(cut)]),
        );
      },
      flush(done) {
        done(null, held.length > 0 ? Buffer.from(rewrite(Buffer.concat(held).toString('utf8'))) : undefined);
      },
    });
  };

  return { rewrite, stream };
};
