// UnstyledButton.css and Text.css, which these build on, are in root.tsx: loaded first on every page.
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Title.css';
import { cssVariablesResolver, theme } from '@esim/ui/theme';
import {
  type ConvertCSSVariablesInput,
  convertCssVariables,
  DEFAULT_THEME,
  DirectionProvider,
  deepMerge,
  defaultCssVariablesResolver,
  em,
  keys,
  MantineProvider,
  mergeMantineTheme,
  px,
  useDirection,
} from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { getHtmlAttributes } from '../lib/locale';
import { useNonce } from '../lib/nonce';
import { useLocale } from '../lib/use-locale';

/**
 * The kit's CSS variables (our theme's, less Mantine's defaults that root.tsx loads as a file) and its
 * responsive helper classes: what MantineProvider would write as <style> elements inside <body>, which is not
 * valid HTML. The theme is fixed, so this is computed once.
 */
const kitCss = (() => {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const ours: ConvertCSSVariablesInput = deepMerge(
    defaultCssVariablesResolver(merged),
    cssVariablesResolver(merged),
  );
  const changed = (part: 'variables' | 'light' | 'dark') =>
    Object.fromEntries(
      Object.entries(ours[part]).filter(
        ([key, value]) => (defaults[part] as Record<string, string>)[key] !== value,
      ),
    );
  // `html:root` outranks the defaults' `:root` whatever order the head's styles and links end up in.
  const variables = convertCssVariables(
    { variables: changed('variables'), light: changed('light'), dark: changed('dark') },
    'html:root',
  );
  const classes = keys(merged.breakpoints)
    .map((breakpoint) => {
      const value = Number(px(merged.breakpoints[breakpoint]));
      return `@media (max-width: ${em(value - 0.1)}) {.mantine-visible-from-${breakpoint} {display: none !important;}}@media (min-width: ${em(value)}) {.mantine-hidden-from-${breakpoint} {display: none !important;}}`;
    })
    .join('');
  return `${variables}${classes}`;
})();

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
        withCssVariables={false}
        withGlobalClasses={false}
      >
        {/* React hoists a style with `href` and `precedence` into <head>, once however many providers render it. */}
        <style href="esim-ui-kit" precedence="default" nonce={nonce}>
          {kitCss}
        </style>
        <DirectionSync dir={dir} />
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
};
