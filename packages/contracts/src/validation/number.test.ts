import { describe, expect, it } from 'vitest';
import { sanitizeIntegerInput, sanitizeNumberInput } from './number.js';

describe('sanitizeNumberInput (spec 5)', () => {
  it.each([
    ['-12.34567', '-12.3456'],
    ['a1b.2.3', '1.23'],
    ['12.3456', '12.3456'],
    ['1,234.5', '1234.5'],
    ['--5', '-5'],
    ['-5-3', '-53'],
    ['5-3', '53'],
    ['a-5', '5'],
    [' -7', '-7'],
    ['-', '-'],
    ['.5', '.5'],
    ['1.', '1.'],
    ['abc', ''],
    ['', ''],
    ['1e5', '15'],
    ['0.00001', '0.0000'],
  ])('%j -> %j', (raw, cleaned) => {
    expect(sanitizeNumberInput(raw)).toBe(cleaned);
  });

  it('keeps at most the given number of decimals', () => {
    expect(sanitizeNumberInput('3.14159', 2)).toBe('3.14');
    expect(sanitizeNumberInput('3.14159', 6)).toBe('3.14159');
    // no decimals: the point is dropped like any other non-digit
    expect(sanitizeNumberInput('12.7', 0)).toBe('127');
  });

  it('is stable: cleaning a cleaned value changes nothing', () => {
    for (const raw of ['-12.34567', 'a1b.2.3', '--5', 'x-0.123456y']) {
      const once = sanitizeNumberInput(raw);
      expect(sanitizeNumberInput(once)).toBe(once);
    }
  });
});

describe('sanitizeIntegerInput (spec 5)', () => {
  it.each([
    ['007a8', '78'],
    ['000', '0'],
    ['0', '0'],
    ['0012', '12'],
    ['1,000', '1000'],
    ['-5', '5'],
    ['12.7', '127'],
    ['abc', ''],
    ['', ''],
  ])('%j -> %j', (raw, cleaned) => {
    expect(sanitizeIntegerInput(raw)).toBe(cleaned);
  });
});
