import { describe, expect, it } from 'vitest';
import { MovableClock, systemClock } from '../clock.js';
import { accessTokens } from './tokens.js';

describe('access tokens', () => {
  const secret = 'a-test-secret-of-enough-length-0123456789';

  it('remembers a verified token only until it expires', async () => {
    const clock = new MovableClock();
    const tokens = accessTokens(secret, 60, clock);
    const token = await tokens.sign({ userId: 7, sessionId: 's1' });
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: 's1' });
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: 's1' });
    clock.advance(61_000);
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('never remembers a token that failed: a changed byte or another key is refused every time', async () => {
    const tokens = accessTokens(secret, 60, systemClock);
    const token = await tokens.sign({ userId: 7, sessionId: 's1' });
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(forged)).toBeNull();
    expect(await tokens.verify(forged)).toBeNull();
    const other = accessTokens(`${secret}-other`, 60, systemClock);
    expect(await other.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: 's1' });
  });
});
