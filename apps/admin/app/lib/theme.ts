import { theme } from '@esim/ui/theme';
import { type CSSVariablesResolver, createTheme, Menu, mergeThemeOverrides } from '@mantine/core';

/**
 * The shared theme plus two accessibility fixes axe asks for:
 * - Menu's initial-focus placeholder is a focusable role=presentation div inside role=menu, which breaks
 *   "aria-required-children"; menus focus their first item from the keyboard without it.
 */
export const adminTheme = mergeThemeOverrides(
  theme,
  createTheme({
    components: { Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }) },
  }),
);

/** - Mantine's default error red (red.6) is 3.6:1 on white; WCAG AA needs 4.5:1 for the field messages. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
