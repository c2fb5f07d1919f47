import type { FetchEventSourceInit } from '@microsoft/fetch-event-source';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveClient, type LiveState, RECONNECT_AFTER_CLOSE_MS } from './live-client';

const sse = () => new Response('', { status: 200, headers: { 'content-type': 'text/event-stream' } });

function harness(opts: { expiresIn?: number } = {}) {
  const opened: FetchEventSourceInit[] = [];
  const states: LiveState[] = [];
  const messages: unknown[] = [];
  let expiresAt = Date.now() + (opts.expiresIn ?? 600_000);
  const client = createLiveClient({
    auth: () => ({ authorization: 'Bearer t', expiresAt }),
    onState: (s) => states.push(s),
    onMessage: (m) => messages.push(m),
    log: () => {},
    fetchEventSource: async (_url, init) => {
      opened.push(init);
    },
  });
  return {
    client,
    opened,
    states,
    messages,
    last: () => opened[opened.length - 1]!,
    expireToken: () => {
      expiresAt = Date.now() - 1;
    },
  };
}

describe('live client state machine (spec 4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes loading → connected and hands message events on; heartbeats are quiet', async () => {
    const h = harness();
    h.client.connect();
    expect(h.states).toEqual(['loading']);
    expect(h.last().headers).toEqual({ Authorization: 'Bearer t' });
    await h.last().onopen!(sse());
    h.last().onmessage!({ id: '', event: 'connection', data: '{}' });
    h.last().onmessage!({ id: '', event: 'heartbeat', data: '{}' });
    h.last().onmessage!({ id: '', event: 'message', data: '{"msgType":1,"title":"x"}' });
    expect(h.states).toEqual(['loading', 'connected']);
    expect(h.messages).toEqual([{ msgType: 1, title: 'x' }]);
  });

  it('hands record changes on too, and opens the stream in the UI language', async () => {
    const opened: FetchEventSourceInit[] = [];
    const messages: unknown[] = [];
    const client = createLiveClient({
      auth: () => ({ authorization: 'Bearer t', expiresAt: Date.now() + 60_000, locale: 'en' }),
      onState: () => {},
      onMessage: (m) => messages.push(m),
      log: () => {},
      fetchEventSource: async (_url, init) => {
        opened.push(init);
      },
    });
    client.connect();
    expect(opened[0]!.headers).toEqual({ Authorization: 'Bearer t', 'Accept-Language': 'en' });
    await opened[0]!.onopen!(sse());
    const change = { event: 'record.changed', resource: 'feedback', id: '7' };
    opened[0]!.onmessage!({ id: '', event: 'record.changed', data: JSON.stringify(change) });
    opened[0]!.onmessage!({ id: '', event: 'something.else', data: '{}' });
    expect(messages).toEqual([change]);
    client.stop();
  });

  it('on a gateway timeout closes and retries after exactly 10 s', async () => {
    const h = harness();
    h.client.connect();
    const err = await h.last().onopen!(new Response('', { status: 504 })).catch((e) => e);
    expect(() => h.last().onerror!(err)).toThrow();
    expect(h.client.state).toBe('disconnected');
    expect(h.opened).toHaveLength(1);
    vi.advanceTimersByTime(9_999);
    expect(h.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(h.opened).toHaveLength(2);
    expect(h.client.state).toBe('loading');
  });

  it('closes on an error while open, and does not retry', async () => {
    const h = harness();
    h.client.connect();
    await h.last().onopen!(sse());
    expect(() => h.last().onerror!(new TypeError('network down'))).toThrow();
    expect(h.client.state).toBe('disconnected');
    vi.advanceTimersByTime(60_000);
    expect(h.opened).toHaveLength(1);
  });

  it('closes on an error when the token expired', () => {
    const h = harness();
    h.client.connect();
    h.expireToken();
    expect(() => h.last().onerror!(new TypeError('failed to fetch'))).toThrow();
    expect(h.client.state).toBe('disconnected');
  });

  it('only logs other errors (the library retries): still loading', () => {
    const h = harness();
    h.client.connect();
    expect(h.last().onerror!(new TypeError('failed to fetch'))).toBeGreaterThan(0);
    expect(h.client.state).toBe('loading');
  });

  it('a refused stream (401) closes', async () => {
    const h = harness();
    h.client.connect();
    const err = await h.last().onopen!(
      new Response('{}', { status: 401, headers: { 'content-type': 'application/json' } }),
    ).catch((e) => e);
    expect(() => h.last().onerror!(err)).toThrow();
    expect(h.client.state).toBe('disconnected');
  });

  it('reconnects when no event came for 120 s', async () => {
    const h = harness();
    h.client.connect();
    await h.last().onopen!(sse());
    vi.advanceTimersByTime(119_000);
    h.last().onmessage!({ id: '', event: 'heartbeat', data: '{}' });
    vi.advanceTimersByTime(119_000);
    expect(h.opened).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(h.opened).toHaveLength(2);
  });

  it('a stream ended by the server reconnects only while the token is good', async () => {
    const h = harness();
    h.client.connect();
    await h.last().onopen!(sse());
    h.last().onclose!();
    expect(h.client.state).toBe('disconnected');
    vi.advanceTimersByTime(RECONNECT_AFTER_CLOSE_MS);
    expect(h.opened).toHaveLength(2);
    await h.last().onopen!(sse());
    h.expireToken();
    h.last().onclose!();
    vi.advanceTimersByTime(60_000);
    expect(h.opened).toHaveLength(2);
  });

  it('does not connect without a live token, and stop() ends everything', () => {
    const h = harness({ expiresIn: -1 });
    h.client.connect();
    expect(h.opened).toHaveLength(0);
    const g = harness();
    g.client.connect();
    const signal = g.last().signal!;
    g.client.stop();
    expect(signal.aborted).toBe(true);
    g.client.connect();
    expect(g.opened).toHaveLength(1);
  });
});
