import '@mantine/core/styles.css';
import { cssVariablesResolver, theme } from '@esim/ui/theme';
import { DirectionProvider, Loader, MantineProvider, mantineHtmlProps } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import { ErrorScreen } from './components/error-screen';
import { detectLocale, i18n, initI18n } from './lib/i18n';
import { queryClient } from './lib/query-client';

/**
 * The HTML shell. In SPA mode it is rendered once at build time into build/client/index.html, so everything
 * here must be static (the server hashes the inline scripts React Router writes for its CSP); the language,
 * `lang` and `dir` are applied in the browser.
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="sq" dir="ltr" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>eSIM Staff</title>
        <Meta />
        <Links />
      </head>
      <body>
        <DirectionProvider initialDirection="ltr" detectDirection>
          <MantineProvider
            theme={theme}
            defaultColorScheme="light"
            cssVariablesResolver={cssVariablesResolver}
          >
            {children}
          </MantineProvider>
        </DirectionProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export async function clientLoader() {
  const locale = await detectLocale();
  await initI18n(locale);
  return { locale };
}

// The language is chosen once per page load; navigations do not re-run it.
export const shouldRevalidate = () => false;

export function HydrateFallback() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <Loader role="status" aria-label="…" />
    </div>
  );
}

export default function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Outlet />
      </QueryClientProvider>
    </I18nextProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <I18nextProvider i18n={i18n}>
      <ErrorScreen />
    </I18nextProvider>
  );
}
