/**
 * The time the platform reads for everything that expires or falls due (tokens, refresh grace,
 * captchas, lock-outs, approval time limits). Real time in the server; tests move a MovableClock
 * forward instead of waiting or rewriting stored timestamps.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Real time plus an offset that only grows when told to (tests). */
export class MovableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    if (ms < 0) throw new Error('the clock only moves forward');
    this.offsetMs += ms;
  }
}
