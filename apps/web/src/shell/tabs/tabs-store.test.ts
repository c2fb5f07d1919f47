import { matchRoute } from '@portal/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { HOME_KEY, tabFor } from './tab-rules';
import { useTabs } from './tabs-store';

const tab = (address: string) => {
  const [pathname = '', query = ''] = address.split('?');
  const meta = matchRoute(pathname)?.route;
  if (!meta) throw new Error(address);
  return tabFor(meta, { pathname, search: query ? `?${query}` : '' });
};

describe('tabs store (keep-alive cache keys)', () => {
  beforeEach(() => useTabs.getState().reset());

  it('drops exactly the refreshed tab, not the other tabs of the same route', () => {
    const s = useTabs.getState();
    s.open(tab('/crm/client-partner/my-client/details?id=1'));
    s.open(tab('/crm/client-partner/my-client/details?id=2'));
    s.setFrame('/crm/client-partner/my-client/details?id=2', 'https://crm.example/x');
    s.drop('/crm/client-partner/my-client/details?id=2');
    const { generation, frames, tabs } = useTabs.getState();
    expect(generation['/crm/client-partner/my-client/details?id=2']).toBe(1);
    expect(generation['/crm/client-partner/my-client/details?id=1']).toBeUndefined();
    expect(frames).toEqual({});
    expect(tabs).toHaveLength(3);
  });

  it('frees the page of a closed tab and of a replaced one-bookmark tab', () => {
    const s = useTabs.getState();
    s.open(tab('/crm/open-sea?level=A'));
    s.open(tab('/crm/blacklist'));
    s.open(tab('/crm/open-sea?level=B'));
    expect(useTabs.getState().generation['/crm/open-sea?level=A']).toBe(1);
    const next = s.close('/crm/blacklist');
    expect(next.key).toBe('/crm/open-sea?level=B');
    expect(useTabs.getState().generation['/crm/blacklist']).toBe(1);
    expect(useTabs.getState().tabs.map((t) => t.key)).toEqual([HOME_KEY, '/crm/open-sea?level=B']);
  });

  it('remembers the last tab of each sub-application for the top navigation', () => {
    const s = useTabs.getState();
    s.open(tab('/crm/open-sea'));
    s.open(tab('/general/sponsor/submit?type=x'));
    expect(useTabs.getState().lastByApp).toEqual({ crm: '/crm/open-sea', general: '/general/sponsor/submit' });
  });
});
