/**
 * A small seeded pseudo-random generator for demo and benchmark data (mulberry32): the same seed
 * number gives the same data on every machine. Seeds never use Math.random.
 */
export interface Rng {
  /** a float in [0, 1) */
  next(): number;
  /** an integer in [min, max] */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** an independent stream for one part (a room, a table): adding a part leaves the others' data as it was */
  fork(label: string): Rng;
}

/** FNV-1a: a label's 32-bit hash, mixed into the seed of a fork. */
function hash(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => {
      if (list.length === 0) throw new Error('pick from an empty list');
      return list[Math.floor(next() * list.length)]!;
    },
    fork: (label) => seededRng((seed ^ hash(label)) >>> 0),
  };
}
