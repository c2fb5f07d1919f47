import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  coerceInt32,
  INT32_MAX,
  INT32_MIN,
  INVALID_CHARACTER_MESSAGE,
  int32,
  int32Id,
  int53,
  invalidCharAt,
  text,
  wellFormedText,
} from './scalars.js';

describe('shared scalars', () => {
  it('int32 takes exactly the range of a PostgreSQL integer column', () => {
    expect(int32().safeParse(INT32_MAX).success).toBe(true);
    expect(int32().safeParse(INT32_MIN).success).toBe(true);
    expect(int32().safeParse(INT32_MAX + 1).success).toBe(false);
    expect(int32().safeParse(INT32_MIN - 1).success).toBe(false);
    expect(int32().safeParse(2 ** 63).success).toBe(false);
    expect(int32().safeParse(1.5).success).toBe(false);
  });

  it('int32Id is 1 .. 2^31-1; coerceInt32 reads text with the same bounds', () => {
    expect(int32Id().safeParse(0).success).toBe(false);
    expect(int32Id().safeParse(1).success).toBe(true);
    expect(int32Id().safeParse(2 ** 31).success).toBe(false);
    expect(coerceInt32().safeParse('2147483647').data).toBe(INT32_MAX);
    expect(coerceInt32().safeParse('2147483648').success).toBe(false);
    expect(coerceInt32().safeParse('9223372036854775808').success).toBe(false);
    expect(coerceInt32().safeParse('abc').success).toBe(false);
  });

  it('int53 takes bigint-column values up to 2^53-1', () => {
    expect(int53().safeParse(2 ** 40).success).toBe(true);
    expect(int53().safeParse(2 ** 53).success).toBe(false);
  });

  it('text refuses NUL and unpaired surrogates, with the message the error path looks for', () => {
    for (const bad of ['a\u0000b', '\ud800', 'x\udc00', '\ud83d', 'ok\ud83d\ude00\ud83d']) {
      const r = z.object({ name: text() }).safeParse({ name: bad });
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error?.issues[0]).toMatchObject({ path: ['name'], message: INVALID_CHARACTER_MESSAGE });
    }
    for (const good of ['', 'plain', '👩🏽‍💻 𠀀', '\u200fשלום\u200e', 'e\u0301', '\ufffd']) {
      expect(text().safeParse(good).success, JSON.stringify(good)).toBe(true);
    }
    // chains like a string schema
    expect(text().trim().max(3).safeParse('  abcd ').success).toBe(false);
  });

  it('wellFormedText keeps valid text as is and replaces NUL and unpaired halves with U+FFFD', () => {
    expect(wellFormedText('👩🏽‍💻 ok')).toBe('👩🏽‍💻 ok');
    expect(wellFormedText('a\u0000b\ud800c\udc00\ud83d\ude00')).toBe('a\ufffdb\ufffdc\ufffd\ud83d\ude00');
    expect(invalidCharAt(wellFormedText('\ud800\u0000\udfff'))).toBe(-1);
  });
});
