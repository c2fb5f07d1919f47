import { SERVER_NOW_HEADER } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { daysSince, daysUntil, noteServerNow, serverNow } from './server-clock';

const DAY = 86_400_000;
const answer = (at?: string) => ({ headers: new Headers(at ? { [SERVER_NOW_HEADER]: at } : {}) });

describe('the server clock as the browser hears it', () => {
  it('counts from the server time of the last answer, whatever the browser clock says', () => {
    // the server is 89 days and 23h50 ahead of this browser (a moved test clock, or a browser set wrong)
    const server = Date.now() + 90 * DAY - 10 * 60_000;
    noteServerNow(answer(new Date(server).toISOString()));
    expect(Math.abs(serverNow() - server)).toBeLessThan(1_000);
    // due in 90 days from the browser's time: ten minutes from the server's, so one day is left
    const returnAt = new Date(Date.now() + 90 * DAY).toISOString();
    expect(daysUntil(returnAt)).toBe(1);
    // returned one browser-day ago: for the server that was 90 days (and 23h50) ago
    expect(daysSince(new Date(Date.now() - DAY).toISOString())).toBe(90);
    expect(daysSince(new Date(server - 3 * DAY - 1).toISOString())).toBe(3);
  });

  it('keeps the last offset when an answer has no (or an unreadable) server time', () => {
    noteServerNow(answer(new Date(Date.now() + 5 * DAY).toISOString()));
    const before = serverNow() - Date.now();
    noteServerNow(answer());
    noteServerNow(answer('not a time'));
    expect(Math.abs(serverNow() - Date.now() - before)).toBeLessThan(1_000);
  });

  it('rounds days left up and days ago down', () => {
    const now = Date.UTC(2026, 10, 25, 12);
    expect(daysUntil(new Date(now + DAY + 1).toISOString(), now)).toBe(2);
    expect(daysUntil(new Date(now + DAY).toISOString(), now)).toBe(1);
    expect(daysUntil(new Date(now - 1).toISOString(), now)).toBe(0);
    expect(daysSince(new Date(now - 2 * DAY + 1).toISOString(), now)).toBe(1);
    expect(daysSince(new Date(now + DAY).toISOString(), now)).toBe(0);
  });
});
