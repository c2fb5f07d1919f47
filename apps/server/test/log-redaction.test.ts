import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUrl } from '../src/platform/files/signing.js';
import { redactUrl } from '../src/platform/http/log-redact.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp } from './harness.js';

const CLIENT = { client_id: 'staff-web', scope: 'staff' } as const;

describe('request log redaction', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await startTestApp({ logger: pino({ level: 'info' }, sink) });
  });
  afterAll(async () => t?.close());

  it('writes no refresh token, access token or file signature to the log', async () => {
    const s = await signIn(t.app, DEMO.admin);
    // the spec's GET refresh, with the token in the query string
    const viaGet = await t.app.inject({
      url: `/auth/oauth/token?${new URLSearchParams({ grant_type: 'refresh_token', refresh_token: s.refreshToken, ...CLIENT })}`,
    });
    const rotated = viaGet.json().data as { token: string; refreshToken: string };
    expect(rotated.refreshToken).toBeTruthy();
    // the web client's POST refresh, with the token in the body
    const viaPost = await t.app.inject({
      method: 'POST',
      url: '/auth/oauth/token',
      payload: { grant_type: 'refresh_token', refresh_token: rotated.refreshToken, ...CLIENT },
    });
    const latest = viaPost.json().data as { token: string; refreshToken: string };
    expect(latest.refreshToken).toBeTruthy();
    await t.app.inject({ url: '/v2/sys/staff/overseas/getUserInfo', headers: bearer(latest.token) });
    // a signed file URL (signature and expiry in the query) and a token in a query string
    const signed = signedUrl('x'.repeat(32), '00000000-0000-4000-8000-000000000000', 60);
    const sig = new URL(signed, 'http://x').searchParams.get('sig')!;
    await t.app.inject({ url: signed });
    await t.app.inject({ url: `/v2/sys/mc/sse/connection?token=${latest.token}` });

    const log = lines.join('');
    // the requests were logged, with their credentials replaced
    expect(log).toContain('refresh_token=***');
    expect(log).toContain('sig=***');
    expect(log).toContain('token=***');
    for (const secret of [
      s.refreshToken,
      s.token,
      rotated.refreshToken,
      rotated.token,
      latest.refreshToken,
      latest.token,
      sig,
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('redacts credential parameters whatever their case or encoding, and keeps the rest', () => {
    expect(redactUrl('/a?x=1&Refresh_Token=abc&refresh%5Ftoken=def&y=2')).toBe(
      '/a?x=1&Refresh_Token=***&refresh%5Ftoken=***&y=2',
    );
    expect(redactUrl('/f/1/content?exp=1&sig=s')).toBe('/f/1/content?exp=***&sig=***');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
    expect(redactUrl('/a?token')).toBe('/a?token=***');
    expect(redactUrl('/a?%E0%A4%A=1')).toBe('/a?%E0%A4%A=1');
  });
});
