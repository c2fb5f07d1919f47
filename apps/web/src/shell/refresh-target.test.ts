import { describe, expect, it } from 'vitest';
import { refreshPlan, refreshTarget } from './refresh-target';

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

describe('refreshPlan', () => {
  it('names exactly the tab of the target (full path for detail tabs)', () => {
    const path = '/crm/client-partner/my-client/details';
    const plan = refreshPlan(`?redirectPath=${encodeURIComponent(`${path}?id=2`)}&name=ACME`);
    expect(plan.target).toBe(`${path}?id=2&name=ACME`);
    expect(plan.pathname).toBe(path);
    expect(plan.search).toBe('?id=2&name=ACME');
    expect(plan.tabKey).toBe(`${path}?id=2&name=ACME`);
  });

  it("uses the bare path as tab key when the route's tagPath is 'path'", () => {
    const plan = refreshPlan(`?redirectPath=${encodeURIComponent('/general/sponsor/submit?type=x')}`);
    expect(plan.tabKey).toBe('/general/sponsor/submit');
  });
});
