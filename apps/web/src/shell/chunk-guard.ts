/**
 * Lazy chunks that fail after a deploy (DESIGN "Known pitfalls"): the old file names are gone.
 * Reload at most once automatically (a timestamp in sessionStorage), then show the
 * 'system upgraded' screen, whose refresh action clears the cached router list and reloads.
 */
export const CHUNK_RELOAD_KEY = 'portal:chunk-reload-at';
/** A reload stamped within this window already happened for this failure: do not loop. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

const CHUNK_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
];

export function isChunkLoadError(e: unknown): boolean {
  if (!(e instanceof Error) || e.name === 'ApiError') return false;
  return e.name === 'ChunkLoadError' || CHUNK_PATTERNS.some((p) => p.test(e.message));
}

/** 'reload' when no automatic reload happened within the window, else 'show' the upgraded screen. */
export function chunkFailureAction(now: number, lastReloadAt: number | null): 'reload' | 'show' {
  if (lastReloadAt !== null && Number.isFinite(lastReloadAt) && now - lastReloadAt < CHUNK_RELOAD_WINDOW_MS) {
    return 'show';
  }
  return 'reload';
}

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const readStamp = (storage: StorageLike): number | null => {
  const raw = storage.getItem(CHUNK_RELOAD_KEY);
  return raw === null ? null : Number(raw);
};

/** Decide and act: stamps and reloads (returns true) or leaves the screen to show (false). */
export function reloadOnceForChunkFailure(
  storage: StorageLike = sessionStorage,
  reload: () => void = () => window.location.reload(),
  now = Date.now(),
): boolean {
  if (chunkFailureAction(now, readStamp(storage)) === 'show') return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}
