import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

describe('singleFlight', () => {
  it('shares one run between concurrent callers', async () => {
    let runs = 0;
    let release!: (v: number) => void;
    const run = singleFlight(() => {
      runs++;
      return new Promise<number>((resolve) => {
        release = resolve;
      });
    });
    const a = run();
    const b = run();
    release(7);
    expect(await Promise.all([a, b])).toEqual([7, 7]);
    expect(runs).toBe(1);
  });

  it('starts a new run after the previous one settled, also after a failure', async () => {
    let runs = 0;
    const run = singleFlight(async () => {
      runs++;
      if (runs === 1) throw new Error('first fails');
      return runs;
    });
    await expect(run()).rejects.toThrow('first fails');
    expect(await run()).toBe(2);
  });
});
