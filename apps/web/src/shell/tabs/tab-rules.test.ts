import { matchRoute, type RouteMeta } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  closeAll,
  closeOthers,
  closeTab,
  groupTabs,
  HOME_KEY,
  HOME_TAB,
  isExcluded,
  isOverflowing,
  menuDisabled,
  openTab,
  scrollOffset,
  type Tab,
  tabFor,
  tabKeyOf,
  tabLabel,
  titleFromLocation,
} from './tab-rules';

const meta = (path: string): RouteMeta => {
  const m = matchRoute(path)?.route;
  if (!m) throw new Error(`no route for ${path}`);
  return m;
};

const at = (address: string): Tab => {
  const [pathname = '', query = ''] = address.split('?');
  return tabFor(meta(pathname), { pathname, search: query ? `?${query}` : '' });
};

const open = (...addresses: string[]): Tab[] => addresses.reduce<Tab[]>((tabs, a) => openTab(tabs, at(a)).tabs, []);

describe('exclusion list', () => {
  it('registers no bookmark for the sign-in, refresh, error and notice pages', () => {
    for (const p of ['/login', '/authorize', '/refresh', '/403', '/404', '/ddNotice', '/']) {
      expect(isExcluded(p, matchRoute(p)?.route ?? null), p).toBe(true);
    }
  });

  it('registers none for unknown paths and redirect routes', () => {
    expect(isExcluded('/nowhere', null)).toBe(true);
    expect(isExcluded('/message/email', meta('/message/email'))).toBe(true);
  });

  it('registers list, detail and embedded pages', () => {
    for (const p of ['/crm/open-sea', '/crm/client-partner/my-client/details', '/crm/unknown/sub']) {
      expect(isExcluded(p, meta(p)), p).toBe(false);
    }
  });
});

describe('tab key and URL (tagPath)', () => {
  it('is the full path by default', () => {
    const m = meta('/crm/client-partner/my-client/details');
    expect(tabKeyOf(m, '/crm/client-partner/my-client/details', '?id=3&name=ACME')).toBe(
      '/crm/client-partner/my-client/details?id=3&name=ACME',
    );
  });

  it("is the bare path when tagPath is 'path', and so is the tab's URL", () => {
    const m = meta('/general/sponsor/submit');
    expect(m.tagPath).toBe('path');
    const tab = tabFor(m, { pathname: '/general/sponsor/submit', search: '?type=recharge' });
    expect(tab.key).toBe('/general/sponsor/submit');
    expect(tab.url).toBe('/general/sponsor/submit');
  });

  it('drops a trailing slash and an empty query', () => {
    expect(tabKeyOf(meta('/crm/open-sea'), '/crm/open-sea/', '?')).toBe('/crm/open-sea');
  });

  it('is the permanent home tab for /home', () => {
    expect(at('/home')).toBe(HOME_TAB);
    expect(HOME_TAB.closable).toBe(false);
  });
});

describe('title from query or params', () => {
  it('uses the query value the route names', () => {
    const m = meta('/crm/client-partner/my-client/details');
    expect(m.titleFrom).toBe('name');
    expect(titleFromLocation(m, '?id=1&name=%E5%8D%8E%E4%B8%BA')).toBe('华为');
    const tab = tabFor(m, { pathname: m.path, search: '?name=ACME%20Ltd' });
    expect(tabLabel(tab, 'en')).toBe('ACME Ltd');
    expect(tabLabel(tab, 'zh-CN')).toBe('ACME Ltd');
  });

  it('falls back to params, then to the registry title in the current language', () => {
    const m = { ...meta('/crm/client-partner/my-client/details'), titleFrom: 'code' };
    expect(titleFromLocation(m, '', { code: 'C-7' })).toBe('C-7');
    const tab = tabFor(meta('/crm/client-partner/my-client/details'), { pathname: m.path, search: '?name=%20' });
    expect(tab.custom).toBeUndefined();
    expect(tabLabel(tab, 'zh-CN')).toBe('客户详情');
    expect(tabLabel(tab, 'en')).toBe('Customer details');
  });

  it('ignores the query when the route names no title source', () => {
    expect(titleFromLocation(meta('/crm/open-sea'), '?name=x')).toBeUndefined();
  });
});

describe('opening tabs', () => {
  it('keeps home first and appends new tabs once', () => {
    const tabs = open('/crm/open-sea', '/crm/blacklist', '/crm/blacklist');
    expect(tabs.map((t) => t.key)).toEqual([HOME_KEY, '/crm/open-sea', '/crm/blacklist']);
  });

  it('opens one tab per full path of a detail route', () => {
    const tabs = open('/crm/client-partner/my-client/details?id=1', '/crm/client-partner/my-client/details?id=2');
    expect(tabs).toHaveLength(3);
  });

  it('replaces the address of a one-bookmark route instead of adding a tab', () => {
    const first = open('/crm/blacklist', '/crm/open-sea?level=A', '/crm/wander/share');
    const { tabs, replaced } = openTab(first, at('/crm/open-sea?level=B'));
    expect(replaced).toBe('/crm/open-sea?level=A');
    expect(tabs.map((t) => t.key)).toEqual([HOME_KEY, '/crm/blacklist', '/crm/open-sea?level=B', '/crm/wander/share']);
  });

  it('treats correspondence mails and mailbox settings as one-bookmark routes', () => {
    for (const p of ['/message/email/vce', '/message/email/set']) {
      const tabs = open(`${p}?a=1`, `${p}?a=2`);
      expect(
        tabs.filter((t) => t.path === p),
        p,
      ).toHaveLength(1);
      expect(tabs.at(-1)?.key).toBe(`${p}?a=2`);
    }
  });

  it('updates the title of a tab opened again', () => {
    const tabs = open('/general/sponsor/submit?title=a');
    const again = openTab(tabs, { ...at('/general/sponsor/submit'), custom: 'b' }).tabs;
    expect(again).toHaveLength(2);
    expect(again[1]?.custom).toBe('b');
  });
});

describe('groups and the tab menu', () => {
  const tabs = open('/crm/open-sea', '/srm/clue/followed', '/crm/blacklist');

  it('shows home plus the tabs of the sub-application', () => {
    expect(groupTabs(tabs, 'crm').map((t) => t.key)).toEqual([HOME_KEY, '/crm/open-sea', '/crm/blacklist']);
    expect(groupTabs(tabs, 'srm').map((t) => t.key)).toEqual([HOME_KEY, '/srm/clue/followed']);
    expect(groupTabs(tabs, 'home').map((t) => t.key)).toEqual([HOME_KEY]);
  });

  it('disables close current on home, close others with 2 or fewer, close all with 1 or fewer', () => {
    expect(menuDisabled(groupTabs(tabs, 'crm'), HOME_KEY)).toEqual({
      closeCurrent: true,
      closeOthers: false,
      closeAll: false,
    });
    expect(menuDisabled(groupTabs(tabs, 'srm'), '/srm/clue/followed')).toEqual({
      closeCurrent: false,
      closeOthers: true,
      closeAll: false,
    });
    expect(menuDisabled([HOME_TAB], HOME_KEY)).toEqual({ closeCurrent: true, closeOthers: true, closeAll: true });
  });

  it('closing a tab activates its right neighbour in the group, else the left one', () => {
    const r = closeTab(tabs, '/crm/open-sea');
    expect(r.removed).toEqual(['/crm/open-sea']);
    expect(r.next.key).toBe('/crm/blacklist');
    expect(closeTab(tabs, '/crm/blacklist').next.key).toBe('/crm/open-sea');
    expect(closeTab(tabs, '/srm/clue/followed').next.key).toBe(HOME_KEY);
  });

  it('never closes home', () => {
    expect(closeTab(tabs, HOME_KEY).removed).toEqual([]);
  });

  it('close others keeps home, the tab and the other groups', () => {
    const r = closeOthers(tabs, 'crm', '/crm/blacklist');
    expect(r.tabs.map((t) => t.key)).toEqual([HOME_KEY, '/srm/clue/followed', '/crm/blacklist']);
    expect(r.removed).toEqual(['/crm/open-sea']);
  });

  it('close all empties the group down to home', () => {
    const r = closeAll(tabs, 'crm');
    expect(r.tabs.map((t) => t.key)).toEqual([HOME_KEY, '/srm/clue/followed']);
    expect(r.next.key).toBe(HOME_KEY);
  });
});

describe('tab strip scrolling', () => {
  it('moves 300 px per click within the strip', () => {
    expect(scrollOffset(0, 1, 2000, 800)).toBe(300);
    expect(scrollOffset(1100, 1, 2000, 800)).toBe(1200);
    expect(scrollOffset(200, -1, 2000, 800)).toBe(0);
  });

  it('shows the buttons only when the tabs overflow', () => {
    expect(isOverflowing(800, 800)).toBe(false);
    expect(isOverflowing(1200, 800)).toBe(true);
  });
});
