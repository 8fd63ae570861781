import { type ComponentPropsWithoutRef, type MouseEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { isPlainClick } from '../lib/links';
import { useIsHydrated } from '../lib/use-is-hydrated';

/** The same object on every render: React compares `__html` and leaves the server's children in place. */
const keepServerChildren = Object.freeze({ __html: '' });

type ServerRenderedListProps = Omit<
  ComponentPropsWithoutRef<'ul'>,
  'children' | 'dangerouslySetInnerHTML'
> & {
  /** What the items are drawn from: while it is the data the page was hydrated with, the server's items stay. */
  data: unknown;
  /** The items, drawn only when React renders them (not while hydration keeps the server's). */
  renderItems: () => ReactNode;
};

/**
 * A long list of plain links that hydration leaves as the server rendered it (ADR 0028). React does not descend
 * into an element with `dangerouslySetInnerHTML`, so the list's hundreds of elements cost no hydration work:
 * on the home page they were two thirds of the elements React hydrated, on a slow phone's main thread.
 * - The items' links are followed in place by one click handler on the list, as React Router's `<Link>` would
 *   (plain clicks on same-origin links; a click for a new tab is the browser's). React Router discovers their
 *   routes from the DOM (`a[data-discover]`), as it does for `<Link>`s.
 * - Rendered in the browser (a page reached by a client-side navigation, or new data after hydration), the items
 *   are React's again: the list is remounted with them, and its links are still followed through the list.
 * Only for items without state or handlers of their own.
 */
export const ServerRenderedList = ({ data, renderItems, ...props }: ServerRenderedListProps) => {
  const navigate = useNavigate();
  // false on the server and while hydrating, true for a list first rendered in the browser.
  const hydrated = useIsHydrated();
  const [hydratedWith] = useState(() => (hydrated ? undefined : { data }));
  const keepsServerItems = !import.meta.env.SSR && hydratedWith?.data === data;

  const followLink = (event: MouseEvent<HTMLUListElement>) => {
    if (event.defaultPrevented || !isPlainClick(event) || !(event.target instanceof Element)) return;
    const link = event.target.closest('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download')) return;
    if (link.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(`${link.pathname}${link.search}${link.hash}`);
  };
  // The links take Enter themselves; their click events arrive here.
  return keepsServerItems ? (
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
    <ul
      key="server"
      {...props}
      onClick={followLink}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string, never set: the server's items stay.
      dangerouslySetInnerHTML={keepServerChildren}
      suppressHydrationWarning
    />
  ) : (
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
    <ul key="rendered" {...props} onClick={followLink}>
      {renderItems()}
    </ul>
  );
};
