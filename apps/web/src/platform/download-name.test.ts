import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './download-name';

describe('filenameFromDisposition', () => {
  it('reads a quoted file name', () => {
    expect(filenameFromDisposition('attachment; filename="users.xlsx"')).toBe('users.xlsx');
  });

  it('reads an unquoted, percent-encoded file name', () => {
    expect(filenameFromDisposition('attachment; filename=%E7%94%A8%E6%88%B7.xlsx')).toBe('用户.xlsx');
  });

  it('prefers the RFC 5987 form', () => {
    expect(
      filenameFromDisposition(`attachment; filename="fallback.xlsx"; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx`),
    ).toBe('用户.xlsx');
  });

  it('returns null without a file name', () => {
    expect(filenameFromDisposition('inline')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
