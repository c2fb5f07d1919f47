import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  chunkFailureAction,
  isChunkLoadError,
  reloadOnceForChunkFailure,
} from './chunk-guard';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
};

describe('isChunkLoadError', () => {
  it('recognises the browsers’ failed dynamic import messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/A-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    const api = new Error('Failed to fetch dynamically imported module');
    api.name = 'ApiError';
    expect(isChunkLoadError(api)).toBe(false);
  });
});

describe('reload at most once', () => {
  it('reloads when no reload was stamped, or the stamp is old', () => {
    expect(chunkFailureAction(1_000_000, null)).toBe('reload');
    expect(chunkFailureAction(1_000_000, 1_000_000 - CHUNK_RELOAD_WINDOW_MS - 1)).toBe('reload');
  });

  it('shows the upgraded screen right after an automatic reload', () => {
    expect(chunkFailureAction(1_000_000, 1_000_000 - 5_000)).toBe('show');
  });

  it('stamps, reloads once, then stops', () => {
    const storage = memory();
    const reload = vi.fn();
    expect(reloadOnceForChunkFailure(storage, reload, 50_000)).toBe(true);
    expect(storage.m.get(CHUNK_RELOAD_KEY)).toBe('50000');
    expect(reloadOnceForChunkFailure(storage, reload, 52_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
