import { describe, expect, it } from 'vitest';
import { canRetry } from './task-rules';

describe('canRetry', () => {
  it('offers retry for failed, expired and stalled running tasks only', () => {
    expect(canRetry({ state: 'failed' })).toBe(true);
    expect(canRetry({ state: 'expired' })).toBe(true);
    expect(canRetry({ state: 'running', stalled: true })).toBe(true);
    expect(canRetry({ state: 'running', stalled: false })).toBe(false);
    expect(canRetry({ state: 'running' })).toBe(false);
    expect(canRetry({ state: 'queued' })).toBe(false);
    expect(canRetry({ state: 'done' })).toBe(false);
  });
});
