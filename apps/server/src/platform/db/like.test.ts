import { describe, expect, it } from 'vitest';
import { containsPattern } from './like.js';

describe('containsPattern', () => {
  it('matches the keyword anywhere and takes % _ \\ literally', () => {
    expect(containsPattern('abc')).toBe('%abc%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
