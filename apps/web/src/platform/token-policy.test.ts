import { CLIENT_ID, OAUTH_SCOPE, refreshGrant } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { authorizationValue, needsRefresh, refreshDueAt, refreshRequestBody, tokenStateFrom } from './token-policy';

describe('token policy', () => {
  const now = 1_000_000;
  const token = tokenStateFrom({ tokenHead: 'Bearer ', token: 't', expiresIn: 7200, refreshToken: 'r' }, now);

  it('derives expiry and duration in ms', () => {
    expect(token.duration).toBe(7_200_000);
    expect(token.expiresAt).toBe(now + 7_200_000);
  });

  it('does not refresh a token far from expiry (a page load early in its life spends nothing)', () => {
    expect(needsRefresh(token.expiresAt, token.duration, now)).toBe(false);
    expect(needsRefresh(token.expiresAt, token.duration, now + 361_000)).toBe(false);
    expect(needsRefresh(token.expiresAt, token.duration, now + 3_600_000)).toBe(false);
    expect(needsRefresh(token.expiresAt, token.duration, now + 5_399_000)).toBe(false);
  });

  it('refreshes in the last quarter of the lifetime', () => {
    expect(needsRefresh(token.expiresAt, token.duration, now + 5_401_000)).toBe(true);
    expect(needsRefresh(token.expiresAt, token.duration, token.expiresAt + 1)).toBe(true);
  });

  it('schedules the refresh at the threshold', () => {
    expect(refreshDueAt(token.expiresAt, token.duration)).toBe(now + 5_400_000);
  });

  it('never refreshes a token without a known duration', () => {
    expect(needsRefresh(now, 0, now + 1)).toBe(false);
  });

  it('builds the authorization header with exactly one space', () => {
    expect(authorizationValue('Bearer ', 'abc')).toBe('Bearer abc');
    expect(authorizationValue('Bearer', 'abc')).toBe('Bearer abc');
    expect(authorizationValue('', 'abc')).toBe('Bearer abc');
  });

  it('puts the refresh token in a body the server accepts, never in a URL', () => {
    const body = JSON.parse(refreshRequestBody('r'.repeat(43)));
    expect(body).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'r'.repeat(43),
      client_id: CLIENT_ID,
      scope: OAUTH_SCOPE,
    });
    expect(refreshGrant.safeParse(body).success).toBe(true);
  });
});
