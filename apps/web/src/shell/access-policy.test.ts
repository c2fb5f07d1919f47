import { describe, expect, it } from 'vitest';
import { canAccess, isPublicPath, loginRedirectFor } from './access-policy';
import type { RouteMeta } from './route-meta';

const userList: RouteMeta = {
  title: { zh: '用户管理', en: 'Users' },
  app: 'setModule',
  access: { perm: 'setModule:authManage:user' },
};
const userDetail: RouteMeta = { ...userList, access: { perm: 'x:detail' }, activeRouter: '/setModule/authManage/user' };

describe('isPublicPath', () => {
  it('knows the public list and the /offerManage prefix', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/authorize')).toBe(true);
    expect(isPublicPath('/offerManage/quote/1')).toBe(true);
    expect(isPublicPath('/offerManager')).toBe(false);
    expect(isPublicPath('/home')).toBe(false);
    expect(isPublicPath('/loginx')).toBe(false);
  });
});

describe('loginRedirectFor', () => {
  it('keeps the query and adds the requested address', () => {
    expect(loginRedirectFor('/setModule/authManage/user', '?a=1')).toBe(
      '/login?a=1&redirect_url=%2FsetModule%2FauthManage%2Fuser%3Fa%3D1',
    );
  });

  it('adds no redirect for the root', () => {
    expect(loginRedirectFor('/', '')).toBe('/login');
    expect(loginRedirectFor('/', '?lang=en')).toBe('/login?lang=en');
  });
});

describe('canAccess', () => {
  const routers = new Set(['/setModule/authManage/user']);
  const none = new Set<string>();

  it('allows a path held in the menu resources', () => {
    expect(canAccess({ path: '/setModule/authManage/user/', meta: userList, routers, keys: none })).toBe(true);
  });

  it('allows a detail page through its parent menu', () => {
    expect(canAccess({ path: '/setModule/authManage/user/7', meta: userDetail, routers, keys: none })).toBe(true);
  });

  it('allows the always-allowed routes without resources', () => {
    for (const path of ['/home', '/refresh', '/ddNotice', '/403', '/404']) {
      expect(canAccess({ path, meta: userList, routers: none, keys: none })).toBe(true);
    }
  });

  it('allows a route whose permission key the user holds', () => {
    const keys = new Set(['setModule:authManage:user']);
    expect(canAccess({ path: '/setModule/authManage/user', meta: userList, routers: none, keys })).toBe(true);
  });

  it('refuses everything else', () => {
    expect(canAccess({ path: '/setModule/authManage/user', meta: userList, routers: none, keys: none })).toBe(false);
    expect(canAccess({ path: '/setModule/authManage/user/7', meta: userDetail, routers: none, keys: none })).toBe(
      false,
    );
  });
});
