import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { cssVariablesResolver, theme } from '@esim/ui/theme';
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { getHtmlAttributes } from '../lib/locale';
import { useNonce } from '../lib/nonce';
import { useLocale } from '../lib/use-locale';

/** Mantine components (menus, inputs) follow the page direction when the language changes. */
const DirectionSync = ({ dir }: { dir: 'ltr' | 'rtl' }) => {
  const { setDirection } = useDirection();
  useEffect(() => {
    setDirection(dir);
  }, [dir, setDirection]);
  return null;
};

/**
 * The UI kit (Mantine) for the screens built with it: forms, auth pages, dashboards, the account menu. Public
 * pages are plain HTML styled by app.css, so the kit's runtime and styles stay out of their first load (DESIGN
 * section 7 budget); the layouts and routes that use Mantine wrap themselves in this provider.
 */
export const UiKitProvider = ({ children }: { children: ReactNode }) => {
  const locale = useLocale();
  const nonce = useNonce();
  const { dir } = getHtmlAttributes(locale);
  return (
    <DirectionProvider initialDirection={dir} detectDirection={false}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        forceColorScheme="light"
        getStyleNonce={() => nonce}
      >
        <DirectionSync dir={dir} />
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
};
