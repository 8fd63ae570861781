import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** The accent of SPEC section 9. */
export const accentColor = '#F36B21';

/**
 * Ten shades around the accent (index 5). White text on the accent itself is only 3.0:1, so buttons and
 * links use shade 7 (#b84a14, 5.2:1 on white) to pass WCAG AA; the accent stays for decoration.
 */
export const accentShades: MantineColorsTuple = [
  '#fff1e8',
  '#ffe1d0',
  '#fdc1a0',
  '#fa9f6c',
  '#f7823f',
  accentColor,
  '#d9581a',
  '#b84a14',
  '#9a3c10',
  '#7c300c',
];

export const theme = createTheme({
  // Drawers, modals and menus appear without sliding for people who ask their system for less motion.
  respectReducedMotion: true,
  primaryColor: 'accent',
  primaryShade: 7,
  colors: { accent: accentShades },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  focusRing: 'auto',
  autoContrast: true,
  luminanceThreshold: 0.45,
  components: {
    // Mantine puts a role="presentation" div with tabindex inside role="menu" for initial focus, which axe
    // reports (aria-required-children); without it the first item takes focus. A plain object rather than
    // Menu.extend(), so the theme does not pull the menu component into every page's first load.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/**
 * Pass to MantineProvider as `cssVariablesResolver`. Mantine's default dimmed text (gray-6) and error red
 * (red-6) are below 4.5:1 on white; these shades pass WCAG AA (axe checks every page for zero violations).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
