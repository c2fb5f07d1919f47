import type { ResourceNode } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { collectKeys, collectRouters, firstRouter, moduleOf, openKeysFor, visibleNodes } from './resources';

let nextId = 1;
const node = (router: string | null, key: string, children: ResourceNode[] = [], webShowFlag = true): ResourceNode => ({
  id: nextId++,
  name: key,
  nameEn: key,
  router,
  international: key,
  icon: null,
  webShowFlag,
  parentId: null,
  iframeName: null,
  children,
});

const user = node('/setModule/authManage/user', 'setModule:authManage:user');
const hiddenDetail = node('/setModule/authManage/user/detail', 'setModule:authManage:user:detail', [], false);
const authManage = node('/setModule/authManage', 'setModule:authManage', [user, hiddenDetail]);
const setModule = node('/setModule', 'setModule', [authManage]);
const crm = node('/crm', 'crm', [node('/crm/customer', 'crm:customer')]);
const external = node('https://bi.example/board', 'BIBOARD');
const tree = [setModule, crm, external];

describe('resource tree helpers', () => {
  it('collects every permission key', () => {
    expect(collectKeys(tree)).toEqual(
      new Set([
        'setModule',
        'setModule:authManage',
        'setModule:authManage:user',
        'setModule:authManage:user:detail',
        'crm',
        'crm:customer',
        'BIBOARD',
      ]),
    );
  });

  it('collects routers of hidden nodes too, but not external links', () => {
    const routers = collectRouters(tree);
    expect(routers.has('/setModule/authManage/user/detail')).toBe(true);
    expect(routers.has('https://bi.example/board')).toBe(false);
  });

  it('hides webShowFlag false nodes from menus', () => {
    const shown = visibleNodes([authManage]);
    expect(shown[0]?.children.map((c) => c.international)).toEqual(['setModule:authManage:user']);
  });

  it('finds the first navigable leaf of a module', () => {
    expect(firstRouter(setModule)).toBe('/setModule/authManage/user');
  });

  it('finds the module of a path by the longest router', () => {
    expect(moduleOf(tree, '/setModule/authManage/user?x=1')?.international).toBe('setModule');
    expect(moduleOf(tree, '/crm/customer/12')?.international).toBe('crm');
    expect(moduleOf(tree, '/crmx')).toBeNull();
  });

  it('opens the ancestors of the current page', () => {
    expect(openKeysFor([setModule], '/setModule/authManage/user', (n) => n.international)).toEqual([
      'setModule',
      'setModule:authManage',
    ]);
  });
});
