import { createServerI18n } from '../../lib/i18n.server';
import { getHtmlAttributes, resolveRequestLocale } from '../../lib/locale';
import type { Route } from './+types/offline';

const escapeHtml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": '#39', '"': 'quot' }[c]};`);

/**
 * /offline: what the installed site shows when a page cannot load (the service worker keeps a copy, in the
 * language of the visit that installed it). One self-contained document, no scripts or stylesheets to fetch: it
 * must render with no network at all. "Try again" is a link to the page itself (the service worker answers a
 * failed navigation with this document under the address that failed).
 */
export const loader = ({ request, context }: Route.LoaderArgs) => {
  const locale = resolveRequestLocale(request, context);
  const { t } = createServerI18n(locale);
  const html = getHtmlAttributes(locale);
  const brand = escapeHtml(t('web:brand'));
  const body = `<!doctype html>
<html lang="${html.lang}" dir="${html.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#F36B21">
<title>${escapeHtml(t('push:offline.title'))} · ${brand}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;background:#fff;display:grid;place-items:center;min-height:100vh;text-align:center}
main{padding:24px;max-width:28rem}
img{width:72px;height:72px;border-radius:16px}
h1{font-size:1.5rem;margin:16px 0 8px}
p{line-height:1.5;margin:0 0 24px}
a{display:inline-block;background:#b3420b;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600}
a:focus-visible{outline:3px solid #1a1b1e;outline-offset:2px}
</style>
</head>
<body>
<main>
<img src="/icons/icon-192.png" alt="${brand}">
<h1>${escapeHtml(t('push:offline.title'))}</h1>
<p>${escapeHtml(t('push:offline.text'))}</p>
<a href="">${escapeHtml(t('push:offline.retry'))}</a>
</main>
</body>
</html>
`;
  return new Response(body, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Robots-Tag': 'noindex',
    },
  });
};
