import type { ReactNode } from 'react';

/**
 * A table wider than a phone scrolls sideways inside a named region that the keyboard can reach (a scrollable
 * region must be focusable, WCAG 2.1.1); Mantine's scroll container is not.
 */
export const ScrollTable = ({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) => (
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is focusable so keyboards can scroll it.
  <section aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
    <div style={{ minWidth }}>{children}</div>
  </section>
);
