import type { ResourceNode } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { searchEntries, searchPaths } from './path-search';

let id = 1;
const node = (
  router: string | null,
  name: string,
  children: ResourceNode[] = [],
  webShowFlag = true,
): ResourceNode => ({
  id: id++,
  name,
  nameEn: name,
  router,
  international: name,
  icon: null,
  webShowFlag,
  parentId: null,
  iframeName: null,
  children,
});

const menus = [
  node(null, '客户管理', [
    node('/crm/open-sea', '公海'),
    node('/crm/client-partner/my-client', '我的客户'),
    node('/crm/blacklist', 'hidden', [], false),
  ]),
  node('https://bi.example', 'BIBOARD'),
];

describe('path search', () => {
  it("lists the user's visible in-app pages with registry titles", () => {
    const entries = searchEntries(menus, 'en');
    expect(entries.map((e) => e.path)).toEqual(['/crm/open-sea', '/crm/client-partner/my-client']);
    expect(entries[0]).toMatchObject({ title: 'Open sea customers', alt: '公海客户' });
  });

  it('finds by title in either language and by path', () => {
    const entries = searchEntries(menus, 'zh-CN');
    expect(searchPaths(entries, '公海').map((e) => e.path)).toEqual(['/crm/open-sea']);
    expect(searchPaths(entries, 'my customers').map((e) => e.path)).toEqual(['/crm/client-partner/my-client']);
    expect(searchPaths(entries, 'partner/my').map((e) => e.path)).toEqual(['/crm/client-partner/my-client']);
    expect(searchPaths(entries, 'nothing here')).toEqual([]);
  });
});
