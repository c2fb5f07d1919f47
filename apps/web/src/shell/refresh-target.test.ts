import { describe, expect, it } from 'vitest';
import { refreshTarget } from './refresh-target';

describe('refreshTarget', () => {
  it('splits redirectPath and merges the other parameters', () => {
    const search = `?redirectPath=${encodeURIComponent('/crm/customer?id=3&tab=a')}&tab=b&from=mail`;
    expect(refreshTarget(search)).toBe('/crm/customer?id=3&tab=b&from=mail');
  });

  it('drops redirectPath itself', () => {
    expect(refreshTarget('?redirectPath=%2Fhome')).toBe('/home');
  });

  it('falls back to home without a usable redirectPath', () => {
    expect(refreshTarget('')).toBe('/home');
    expect(refreshTarget('?redirectPath=https%3A%2F%2Fevil.example')).toBe('/home');
  });
});
