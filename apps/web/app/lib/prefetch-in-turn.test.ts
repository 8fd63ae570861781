import { describe, expect, it } from 'vitest';
import { parallelPrefetches, prefetchInTurn } from './prefetch-in-turn';

type FakeLink = {
  rel: string;
  as: string;
  href: string;
  crossOrigin: string | null;
  onload: (() => void) | null;
  onerror: (() => void) | null;
};

/** The part of a document prefetchInTurn touches: links created, then appended to the head. */
const fakeDocument = () => {
  const added: FakeLink[] = [];
  const doc = {
    createElement: () =>
      ({ rel: '', as: '', href: '', crossOrigin: null, onload: null, onerror: null }) as FakeLink,
    head: { appendChild: (link: FakeLink) => added.push(link) },
  };
  return { doc: doc as unknown as Document, added };
};

const assets = [
  { href: '/assets/a.css', as: 'style' as const },
  { href: '/assets/b.js', as: 'script' as const },
  { href: '/assets/c.js', as: 'script' as const },
  { href: '/assets/d.js', as: 'script' as const },
];

describe('prefetchInTurn', () => {
  it('keeps two prefetches in flight, in order, starting the next when one loads or fails', () => {
    const { doc, added } = fakeDocument();
    prefetchInTurn(assets, doc);
    expect(parallelPrefetches).toBe(2);
    expect(added.map((link) => link.href)).toEqual(['/assets/a.css', '/assets/b.js']);
    expect(added.map((link) => [link.rel, link.as, link.crossOrigin])).toEqual([
      ['prefetch', 'style', null],
      ['prefetch', 'script', ''],
    ]);
    added[1]?.onerror?.();
    expect(added.map((link) => link.href)).toEqual(['/assets/a.css', '/assets/b.js', '/assets/c.js']);
    added[0]?.onload?.();
    added[2]?.onload?.();
    expect(added.map((link) => link.href)).toEqual(assets.map((asset) => asset.href));
    added[3]?.onload?.();
    expect(added).toHaveLength(4);
  });

  it('adds nothing more once stopped (the page is left)', () => {
    const { doc, added } = fakeDocument();
    const stop = prefetchInTurn(assets, doc);
    stop();
    added[0]?.onload?.();
    expect(added).toHaveLength(2);
  });
});
