import { describe, expect, it } from 'vitest';
import { minorToDisplay, minorToText, toMinor } from './money';

describe('money input ↔ minor units', () => {
  it('reads typed decimals as integer minor units, without float error', () => {
    expect(toMinor('12000')).toBe(1_200_000);
    expect(toMinor('1234.5')).toBe(123_450);
    expect(toMinor('0.07')).toBe(7);
    expect(toMinor('19.99')).toBe(1999);
    expect(toMinor('-3.1')).toBe(-310);
  });
  it('sanitises like every number input: letters and extra decimals are dropped', () => {
    expect(toMinor('1a2.345')).toBe(1234);
    expect(toMinor('')).toBeNull();
    expect(toMinor('-')).toBeNull();
    expect(toMinor('abc')).toBeNull();
  });
  it('shows minor units with two decimals', () => {
    expect(minorToText(1_200_000)).toBe('12000.00');
    expect(minorToText(7)).toBe('0.07');
    expect(minorToText(-310)).toBe('-3.10');
    expect(minorToText(null)).toBe('');
  });
});

describe('minorToDisplay', () => {
  it('shows minor units as the grouped amount', () => {
    expect(minorToDisplay(1_000_000)).toBe('10,000.00');
    expect(minorToDisplay(123_456_789)).toBe('1,234,567.89');
    expect(minorToDisplay(5)).toBe('0.05');
    expect(minorToDisplay(-150_000)).toBe('-1,500.00');
    expect(minorToDisplay(null)).toBe('');
  });
});
