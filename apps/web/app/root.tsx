import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// The kit's base rules that other components' rules must come after (a Button is an UnstyledButton, an Anchor a
// Text): here they come first on every page. Imported where they are used, they landed in a chunk of their own
// whose stylesheet could load after Button's, and its `background-color: transparent; border: 0; padding: 0` made
// the portal's buttons plain bold words.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Text.css';
import './styles/app.css';

import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from 'react-router';
import type { Route } from './+types/root';
import { ErrorContent } from './components/error-content';
import { NotFound } from './components/not-found';
import { SiteLayout } from './layout/site-layout';
import { consentCookieName, isConsentChoice } from './lib/consent';
import { readCookie } from './lib/cookies';
import { namespacesForPath } from './lib/i18n';
import { getHtmlAttributes, resolveRequestLocale } from './lib/locale';
import { useNextPages } from './lib/next-page';
import { useNonce } from './lib/nonce';
import { useLocale } from './lib/use-locale';
import type { RootData } from './lib/use-root-data';
import './lib/load-context';

export const loader = async ({ request, context }: Route.LoaderArgs): Promise<RootData> => {
  const consent = readCookie(request.headers.get('cookie'), consentCookieName);
  const locale = resolveRequestLocale(request, context);
  return {
    locale,
    consent: isConsentChoice(consent) ? consent : null,
    /** Absolute origin for canonical and hreflang links (SITE_URL on the server). */
    siteUrl: context.site?.siteUrl ?? new URL(request.url).origin,
    /** Support contacts for the footer, rendered on the server so nothing shifts after load. */
    settings: (await context.site?.publicSettings().catch(() => null)) ?? null,
    /** The running campaign's banner (a cache of a few seconds on the server: no query per page). */
    campaign: (await context.site?.campaignBanner?.(locale).catch(() => null)) ?? null,
  };
};

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // The installable site (issue 32). iOS finds its home-screen icon at /apple-touch-icon.png without a link.
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export function Layout({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const nonce = useNonce();
  const { pathname } = useLocation();
  const html = getHtmlAttributes(locale);
  const nextPages = useNextPages();
  return (
    // data-texts: the translation namespaces this page hydrates with, so the server can preload their chunks
    // (apps/server/src/plugins/paint-first.ts) instead of the page finding them only once its scripts run.
    // data-next-page: the routes the server adds to React Router's manifest with this page (lib/next-page.ts).
    <html
      lang={html.lang}
      dir={html.dir}
      data-locale={locale}
      data-texts={namespacesForPath(pathname).join(' ')}
      data-next-page={nextPages.length > 0 ? nextPages.join(' ') : undefined}
      data-mantine-color-scheme="light"
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <SiteLayout>
        <NotFound />
      </SiteLayout>
    );
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <SiteLayout>
      <ErrorContent />
    </SiteLayout>
  );
}
