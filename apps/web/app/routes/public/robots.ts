import type { Route } from './+types/robots';

/** /robots.txt: the public site is open to crawlers; API, accounts, portal and dev tools are not. */
export const loader = ({ context }: Route.LoaderArgs) => {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /profile',
    'Disallow: /portal',
    'Disallow: /dev/',
    'Disallow: /order/',
    'Disallow: /offline',
    '',
    `Sitemap: ${context.site.siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
