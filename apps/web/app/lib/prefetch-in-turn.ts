/** A file to fetch into the HTTP cache for a page the visitor is likely to open next. */
export type PrefetchAsset = { href: string; as: 'script' | 'style' };

/**
 * Prefetches in flight at once. Over HTTP/1.1 a browser opens six connections to a host; prefetches that took
 * them all made the pay tap's `POST /api/orders` and the card page wait for one (about 0.1 s on Slow 4G), and
 * the navigation then cancelled the prefetches still queued.
 */
export const parallelPrefetches = 2;

/**
 * Adds `<link rel=prefetch>` elements to the head in order, `parallelPrefetches` at a time: the next one when
 * one has loaded or failed. Returns a stop, after which nothing more is added (those added keep loading).
 */
export const prefetchInTurn = (assets: readonly PrefetchAsset[], doc: Document = document) => {
  const queue = [...assets];
  let inFlight = 0;
  let stopped = false;
  const next = () => {
    while (!stopped && inFlight < parallelPrefetches) {
      const asset = queue.shift();
      if (!asset) return;
      inFlight++;
      const link = doc.createElement('link');
      link.rel = 'prefetch';
      link.as = asset.as;
      if (asset.as === 'script') link.crossOrigin = '';
      link.href = asset.href;
      link.onload = link.onerror = () => {
        inFlight--;
        next();
      };
      doc.head.appendChild(link);
    }
  };
  next();
  return () => {
    stopped = true;
  };
};
