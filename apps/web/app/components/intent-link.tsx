import { useEffect, useRef, useState } from 'react';
import { Link, type LinkProps, PrefetchPageLinks } from 'react-router';
import { isPlainClick } from '../lib/links';

/** React Router's own delay: a pointer passing over the link is not yet an intent. */
const intentDelayMs = 100;

type IntentLinkProps = Omit<
  LinkProps,
  'to' | 'prefetch' | 'onMouseEnter' | 'onMouseLeave' | 'onFocus' | 'onBlur' | 'onTouchStart' | 'onClick'
> & {
  to: string;
  /** The route the link leads to, when the page's manifest lists it (`handle.nextPages`): its code is asked for
   * with the click, not after React Router's route discovery (`preloadRouteCode`, through `data-route`). */
  route?: string;
};

/**
 * A link that loads the next page's code and data once the visitor shows the intent to follow it (pointer over
 * it, focus, touch), as React Router's `prefetch="intent"` does, except after the click. A tap fires touchstart
 * and click within the 100 ms delay, and the prefetch then rendered after the click and fetched the page's data a
 * second time, beside the navigation's own request, on the buyer's slow connection.
 */
export const IntentLink = ({ to, route, ...props }: IntentLinkProps) => {
  const [prefetch, setPrefetch] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const followed = useRef(false);
  const start = () => {
    if (!followed.current) timer.current ??= setTimeout(() => setPrefetch(true), intentDelayMs);
  };
  const cancel = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setPrefetch(false);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <>
      <Link
        to={to}
        data-route={route}
        {...props}
        onMouseEnter={start}
        onFocus={start}
        onTouchStart={start}
        onMouseLeave={cancel}
        onBlur={cancel}
        onClick={(event) => {
          // A click for a new tab leaves this page here, and the link may be followed again.
          if (!isPlainClick(event)) return;
          followed.current = true;
          cancel();
        }}
      />
      {prefetch ? <PrefetchPageLinks page={to} /> : null}
    </>
  );
};
