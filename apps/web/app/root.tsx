import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Divider.css';
import './styles/app.css';

import { cssVariablesResolver, theme } from '@esim/ui/theme';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import { ErrorContent } from './components/error-content';
import { NotFound } from './components/not-found';
import { SiteLayout } from './components/site-layout';
import { consentCookieName, isConsentChoice } from './features/cookie-consent/consent';
import { readCookie } from './lib/cookies';
import { getHtmlAttributes, resolveRequestLocale } from './lib/locale';
import { useNonce } from './lib/nonce';
import { useLocale } from './lib/use-locale';
import './lib/load-context';

export const loader = ({ request, context }: Route.LoaderArgs) => {
  const consent = readCookie(request.headers.get('cookie'), consentCookieName);
  return {
    locale: resolveRequestLocale(request, context),
    consent: isConsentChoice(consent) ? consent : null,
  };
};

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function Layout({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const nonce = useNonce();
  const html = getHtmlAttributes(locale);
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
      }),
  );
  return (
    <html lang={html.lang} dir={html.dir} data-locale={locale} data-mantine-color-scheme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <Meta />
        <Links />
      </head>
      <body>
        <QueryClientProvider client={queryClient}>
          <DirectionProvider initialDirection={html.dir} detectDirection={false}>
            <MantineProvider
              theme={theme}
              cssVariablesResolver={cssVariablesResolver}
              forceColorScheme="light"
              getStyleNonce={() => nonce}
            >
              {children}
            </MantineProvider>
          </DirectionProvider>
        </QueryClientProvider>
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
