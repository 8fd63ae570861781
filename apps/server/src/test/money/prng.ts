/**
 * A small seeded generator (sfc32, seeded through splitmix32): the same seed gives the same numbers on every
 * machine and Node version, so a seed printed by a failing run regenerates the same operations.
 */
export type Prng = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both included. */
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
  /** An independent generator derived from this one's seed and a label (one per operation, per lane). */
  fork: (label: string | number) => Prng;
};

const splitmix32 = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
};

/** FNV-1a of a label, to derive a fork's seed. */
const hashLabel = (text: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
};

export const createPrng = (seed: number): Prng => {
  const init = splitmix32(seed);
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4_294_967_296;
  };
  // A few rounds so that close seeds start far apart.
  for (let i = 0; i < 12; i++) next();
  const prng: Prng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from nothing');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    chance: (p) => next() < p,
    fork: (label) => createPrng((seed ^ hashLabel(String(label))) >>> 0),
  };
  return prng;
};

/** A fresh seed for a run that was given none (printed, so the run can be repeated). */
export const randomSeed = () => Math.floor(Math.random() * 2 ** 31);
