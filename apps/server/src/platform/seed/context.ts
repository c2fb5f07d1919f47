import type { Db } from '../db/index.js';
import { type Rng, seededRng } from './rng.js';

/**
 * How much demo data to make: `demo` for `npm start` (the documented accounts and a few records
 * each), `bench` and `large` for benchmarks and load tests (SEED_SCALE).
 */
export const SEED_SCALES = ['demo', 'bench', 'large'] as const;
export type SeedScale = (typeof SEED_SCALES)[number];

export interface SeedLog {
  info(o: object | string, m?: string): void;
}

/** What a seed gets: the database, the scale, and its own deterministic random stream. */
export interface SeedContext {
  db: Db;
  log: SeedLog;
  scale: SeedScale;
  /** the seed number everything is derived from (SEED_NUMBER) */
  seed: number;
  /** this part's random stream (forked from the seed number by the part's name) */
  rng: Rng;
  /** how many rows of a kind to make at this scale */
  count(perScale: Readonly<Record<SeedScale, number>>): number;
  /** the same context with the stream of one part (a room) */
  part(name: string): SeedContext;
}

export function seedContext(
  db: Db,
  log: SeedLog,
  opts: { scale?: SeedScale; seed?: number } = {},
  rng: Rng = seededRng(opts.seed ?? 1),
): SeedContext {
  const scale = opts.scale ?? 'demo';
  const seed = opts.seed ?? 1;
  return {
    db,
    log,
    scale,
    seed,
    rng,
    count: (perScale) => perScale[scale],
    part: (name) => seedContext(db, log, { scale, seed }, seededRng(seed).fork(name)),
  };
}
