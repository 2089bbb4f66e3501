import { Decimal } from 'decimal.js';

/**
 * mulberry32: a tiny, fast, well-distributed 32-bit PRNG; enough for demo and benchmark data, fully deterministic.
 * Returns numbers in [0, 1).
 */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The demo generator's random draws from one seeded stream, and its shared money values. */
export interface Draw {
  /** The next number in [0, 1). */
  readonly rnd: () => number;
  /** One element of a non-empty list. */
  readonly pick: <T>(list: readonly T[]) => T;
  /** An integer in [min, max]. */
  readonly int: (min: number, max: number) => number;
  /** The amount of `c` cents, one shared Decimal per amount. */
  readonly cents: (c: number) => Decimal;
}

export function createDraw(seed: number): Draw {
  const rnd = createRandom(seed);
  // Money values are shared per cent amount: Decimals are immutable, and a million orders repeat few amounts.
  const money = new Map<number, Decimal>();
  return {
    rnd,
    pick: <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T,
    int: (min: number, max: number): number => min + Math.floor(rnd() * (max - min + 1)),
    cents: (c: number): Decimal => {
      let d = money.get(c);
      if (d === undefined) {
        d = new Decimal(c).div(100);
        money.set(c, d);
      }
      return d;
    },
  };
}

/** Tax in cents, rounded half away from zero (all amounts here are non-negative). */
export const taxOf = (netCents: number, percent: number): number => Math.floor((netCents * percent + 50) / 100);
