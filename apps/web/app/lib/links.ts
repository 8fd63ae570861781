import type { MouseEvent } from 'react';

/** This page's address with one query parameter set and the others kept: where a link leads before hydration. */
export const addressWith = (
  { pathname, search }: { pathname: string; search: string },
  name: string,
  value: string,
) => {
  const params = new URLSearchParams(search);
  params.set(name, value);
  return `${pathname}?${params.toString()}`;
};

/** A click that follows a link in this tab: the main button, no key asking for a new tab or window. */
export const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
