import { SERVER_NOW_HEADER } from '@portal/contracts';

/**
 * The server's time as the browser last heard it: every answer carries the platform clock in
 * `x-server-now`, and what falls due on the server (the open sea's return) is counted from it, not
 * from the browser's own clock, which may be wrong (or, on a test server, a moved clock's days behind).
 */
let offsetMs = 0;

/** Keep the difference between the server's clock and this browser's, from one answer. */
export function noteServerNow(res: Pick<Response, 'headers'>, receivedAt: number = Date.now()): void {
  const sent = res.headers.get(SERVER_NOW_HEADER);
  if (!sent) return;
  const at = Date.parse(sent);
  if (Number.isFinite(at)) offsetMs = at - receivedAt;
}

/** The server's time now, in ms (the browser's own until an answer said otherwise). */
export const serverNow = (): number => Date.now() + offsetMs;

const DAY_MS = 86_400_000;

/**
 * Whole days from the server's now until `at`, rounded up (a part of a day left counts as one);
 * none for a time gone by.
 */
export const daysUntil = (at: string | Date, now: number = serverNow()): number =>
  Math.max(Math.ceil((new Date(at).getTime() - now) / DAY_MS), 0);

/** Whole days from `at` until the server's now (none for a time still to come). */
export const daysSince = (at: string | Date, now: number = serverNow()): number =>
  Math.max(Math.floor((now - new Date(at).getTime()) / DAY_MS), 0);
