import { describe, expect, it } from 'vitest';
import { nameIn } from './names.js';

describe('bilingual names', () => {
  it("gives the reader's form, else the other", () => {
    expect(nameIn('en', '销售部', 'Sales')).toBe('Sales');
    expect(nameIn('zh-CN', '销售部', 'Sales')).toBe('销售部');
    expect(nameIn('en', '销售部', '')).toBe('销售部');
    expect(nameIn('en', '销售部', null)).toBe('销售部');
    expect(nameIn('zh-CN', ' ', 'Sales')).toBe('Sales');
  });
});
