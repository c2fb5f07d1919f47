import { matchRoute, type RouteMeta, routeByPath } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { canAccess, isPublicPath, loginRedirectFor } from './access-policy';

const meta = (path: string): RouteMeta => {
  const m = routeByPath(path) ?? matchRoute(path)?.route;
  if (!m) throw new Error(path);
  return m;
};
const none = new Set<string>();

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

describe('canAccess (spec 4)', () => {
  const routers = new Set(['/setModule/authManage/user', '/crm/client-partner/my-client']);

  it('allows a path held in the menu resources', () => {
    const path = '/setModule/authManage/user/';
    expect(canAccess({ path, meta: meta('/setModule/authManage/user'), routers, keys: none })).toBe(true);
  });

  it('allows a detail page through its parent menu (activeRouter)', () => {
    const path = '/crm/client-partner/my-client/details';
    expect(canAccess({ path, meta: meta(path), routers, keys: none })).toBe(true);
  });

  it('allows the always-allowed routes without any resource', () => {
    for (const path of ['/home', '/refresh', '/ddNotice', '/403', '/404']) {
      expect(canAccess({ path, meta: meta(path), routers: none, keys: none })).toBe(true);
    }
  });

  it('allows the public /offerManage prefix', () => {
    const path = '/offerManage/customer-quote/sms';
    expect(canAccess({ path, meta: meta(path), routers: none, keys: none })).toBe(true);
  });

  it('allows a route whose permission key the user holds', () => {
    const keys = new Set(['setModule:authManage:user']);
    const path = '/setModule/authManage/user';
    expect(canAccess({ path, meta: meta(path), routers: none, keys })).toBe(true);
  });

  it("lets the holder of a module reach the module's unknown subpaths (section wildcard)", () => {
    const path = '/crm/some/new/screen';
    expect(meta(path).path).toBe('/crm/*');
    expect(canAccess({ path, meta: meta(path), routers: none, keys: new Set(['crm']) })).toBe(true);
    expect(canAccess({ path, meta: meta(path), routers: none, keys: new Set(['srm']) })).toBe(false);
  });

  it('refuses everything else', () => {
    const list = '/setModule/authManage/user';
    expect(canAccess({ path: list, meta: meta(list), routers: none, keys: none })).toBe(false);
    const detail = '/crm/client-partner/my-client/details';
    expect(canAccess({ path: detail, meta: meta(detail), routers: none, keys: none })).toBe(false);
  });
});
