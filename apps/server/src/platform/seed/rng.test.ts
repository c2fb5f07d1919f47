import { describe, expect, it } from 'vitest';
import { seededRng } from './rng.js';

const draw = (seed: number, n = 8) => {
  const r = seededRng(seed);
  return Array.from({ length: n }, () => r.next());
};

describe('seeded random stream', () => {
  it('gives the same numbers for the same seed and others for another', () => {
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
    for (const x of draw(7, 1000)) expect(x >= 0 && x < 1).toBe(true);
  });

  it('forks independent streams by name, unaffected by draws on the parent', () => {
    const a = seededRng(7);
    const b = seededRng(7);
    b.next();
    b.next();
    const first = a.fork('notices');
    const again = b.fork('notices');
    expect([first.next(), first.next()]).toEqual([again.next(), again.next()]);
    expect(seededRng(7).fork('notices').next()).not.toBe(seededRng(7).fork('feedback').next());
  });

  it('draws integers in range and picks from a list', () => {
    const r = seededRng(3);
    const ints = Array.from({ length: 500 }, () => r.int(2, 5));
    expect(new Set(ints)).toEqual(new Set([2, 3, 4, 5]));
    expect(['a', 'b', 'c']).toContain(r.pick(['a', 'b', 'c']));
    expect(() => r.pick([])).toThrow();
  });
});
