import { defineSection } from './define.js';

/**
 * Public and always-allowed screens (spec 2, "Public and always allowed"). They live in the
 * `home` sub-app: /login, /authorize, /refresh, /ddNotice, /403 and /404 are web-only shell pages.
 * /403 and /404 are paths we chose for the no-permission and not-found pages.
 */
const s = defineSection('home');

s.page('/', '首页', 'Home', undefined, { redirect: '/home', hidden: true, alwaysAllowed: true });
s.page('/login', '登录', 'Sign in', undefined, { public: true, hidden: true, aside: false, bookmark: false });
s.page('/authorize', '授权登录', 'Signing in', undefined, {
  public: true,
  hidden: true,
  aside: false,
  bookmark: false,
});
s.page('/refresh', '页面刷新', 'Refreshing', undefined, { alwaysAllowed: true, hidden: true, bookmark: false });
s.page('/ddNotice', '钉钉消息通知', 'DingTalk notice', undefined, {
  alwaysAllowed: true,
  hidden: true,
  aside: false,
  bookmark: false,
});
s.page('/home', '首页', 'Home', 'HomeOutlined', { alwaysAllowed: true, aside: false, bookmark: false, common: true });
s.page('/403', '无权限', 'No permission', undefined, { alwaysAllowed: true, hidden: true });
s.page('/404', '页面不存在', 'Page not found', undefined, { alwaysAllowed: true, hidden: true });

export const publicRoutes = s.routes;

/** Path prefixes reachable without a token (spec 2: /offerManage is a public path prefix). */
export const PUBLIC_PREFIXES = ['/login', '/authorize', '/offerManage'] as const;

/** True when the path is, or lies below, one of PUBLIC_PREFIXES. */
export const isPublicPath = (pathname: string): boolean =>
  PUBLIC_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`) || pathname.startsWith(`${p}?`));
