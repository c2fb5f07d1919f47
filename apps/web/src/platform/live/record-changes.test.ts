import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRecordRefresher, followResource, isRecordChange } from './record-changes';

/** A query with an observer (as a mounted list has), counting its fetches. */
function watched(client: QueryClient, queryKey: readonly unknown[]) {
  const fn = vi.fn(async () => 'rows');
  const observer = new QueryObserver(client, { queryKey, queryFn: fn, staleTime: Number.POSITIVE_INFINITY });
  const stop = observer.subscribe(() => {});
  return { fetches: () => fn.mock.calls.length, stop };
}

describe('record changes refresh lists', () => {
  let client: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
  });
  afterEach(() => {
    client.clear();
    vi.useRealTimers();
  });

  it('recognises the live event and nothing else', () => {
    expect(isRecordChange({ event: 'record.changed', resource: 'feedback', id: '3' })).toBe(true);
    expect(isRecordChange({ event: 'message', resource: 'feedback', id: '3' })).toBe(false);
    expect(isRecordChange(null)).toBe(false);
  });

  it("refetches the resource kernel's keys and the keys screens opted in, not other resources", async () => {
    const kernel = watched(client, ['resource', 'feedback', { page: 1 }]);
    const legacy = watched(client, ['feedback', 'manage', { page: 2 }]);
    const other = watched(client, ['resource', 'notices.ding', { page: 1 }]);
    const unfollowed = watched(client, ['downloads', 'tasks']);
    await vi.runAllTimersAsync();
    const before = [kernel, legacy, other, unfollowed].map((q) => q.fetches());
    expect(before).toEqual([1, 1, 1, 1]);
    const stopFollowing = followResource('feedback', ['feedback', 'manage']);
    const refresher = createRecordRefresher(client);

    refresher.handle({ resource: 'feedback' });
    await vi.advanceTimersByTimeAsync(0);
    expect([kernel, legacy, other, unfollowed].map((q) => q.fetches())).toEqual([2, 2, 1, 1]);

    // a screen that unmounted no longer follows
    stopFollowing();
    await vi.advanceTimersByTimeAsync(1000);
    refresher.handle({ resource: 'feedback' });
    await vi.advanceTimersByTimeAsync(0);
    expect([kernel.fetches(), legacy.fetches()]).toEqual([3, 2]);
    refresher.stop();
  });

  it('folds a burst into one refetch at once and one at the end of the window', async () => {
    const list = watched(client, ['resource', 'approval.instances', 'todo']);
    await vi.runAllTimersAsync();
    const refresher = createRecordRefresher(client, 300);
    for (let i = 0; i < 20; i++) {
      refresher.handle({ resource: 'approval.instances' });
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(list.fetches()).toBe(2); // the first change at once
    await vi.advanceTimersByTimeAsync(300);
    expect(list.fetches()).toBe(3); // the rest of the burst, once
    await vi.advanceTimersByTimeAsync(2000);
    expect(list.fetches()).toBe(3); // quiet: no polling
    refresher.stop();
  });
});
