import { LoginOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Perm } from '@portal/contracts';
import { Button, Flex, Layout } from 'antd';
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useMatches, useOutlet } from 'react-router';
import { aiTexts } from '../../modules/ai/locales';
import { Can } from '../../platform/access';
import { withTexts } from '../../platform/i18n';
import { deepestMeta, HOME_PATH, type SubApp } from '../../platform/registry';
import { visibleNodes } from '../../platform/resources';
import { useSession } from '../../platform/session';
import { bindShellPort } from '../../platform/shell-port';
import { LanguageSwitch } from '../../platform/ui/LanguageSwitch';
import { useUser } from '../../platform/user-store';
import { canAccess, isPublicPath, loginRedirectFor } from '../access-policy';
import { menuNodeFor } from '../popups/rating-policy';
import { ShellPopups } from '../popups/ShellPopups';
import { useShell } from '../shell-store';
import { IframeLayer } from '../subapp/IframeLayer';
import { KeepAlive } from '../tabs/KeepAlive';
import { TabBar } from '../tabs/TabBar';
import { isExcluded, tabFor } from '../tabs/tab-rules';
import { useTabs } from '../tabs/tabs-store';
import { HeaderBar } from './HeaderBar';
import { HEADER_HEIGHT, highlightFor, SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from './layout-mode';
import { PathSearch } from './PathSearch';
import { useModuleEntries, useOpenModule } from './TopNav';

// the side menu (antd Menu) and the mobile drawer load only where they show: the home layout needs neither
const SideMenu = lazy(async () => ({ default: (await import('./SideMenu')).SideMenu }));
const MobileMenu = lazy(() => import('./MobileMenu'));
// the AI module (and its texts) loads after the shell has rendered, for holders of its key only
const AiFloatingIcon = lazy(
  withTexts(aiTexts, async () => ({ default: (await import('../../modules/ai/AiFloatingIcon')).AiFloatingIcon })),
);
const ForbiddenPage = lazy(async () => ({ default: (await import('../../platform/ui/ForbiddenPage')).ForbiddenPage }));

// rooms reach the shell only through this port; every room screen renders inside this layout
bindShellPort({ useLayoutApp: () => useShell((s) => s.layoutApp), useModuleEntries, useOpenModule });

/** Follows the window size (and the platform preference) into the layout state. */
function useLayoutTracking() {
  const platform = useSession((s) => s.platform);
  useLayoutEffect(() => {
    const apply = () => useShell.getState().resize(window.innerWidth, window.innerHeight, platform);
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, [platform]);
}

/** A public page (/offerManage/...) opened without a session: the page alone, with a way to sign in. */
function PublicFrame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <Layout className="portal-shell">
      <Layout.Header className="portal-header" style={{ height: HEADER_HEIGHT, lineHeight: `${HEADER_HEIGHT}px` }}>
        <span className="portal-brand">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <strong>{t('app.name')}</strong>
        </span>
        <div style={{ flex: 1 }} />
        <Flex align="center" gap={8} style={{ paddingInlineEnd: 8 }}>
          <LanguageSwitch />
          <Link to={loginRedirectFor(pathname, search)}>
            <Button type="primary" icon={<LoginOutlined />}>
              {t('login.submit')}
            </Button>
          </Link>
        </Flex>
      </Layout.Header>
      <Layout.Content className="portal-main">
        <div className="portal-content">
          <div className="portal-pane">{children}</div>
        </div>
      </Layout.Content>
    </Layout>
  );
}

/**
 * The shell: header, side menu of the current sub-application, bookmark tabs over keep-alive
 * pages, the iframe layer of embedded sub-applications, path search and the shell's popups.
 */
export function ShellLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const { pathname } = location;
  const matches = useMatches();
  const outlet = useOutlet();
  const token = useSession((s) => s.token);
  const menus = useUser((s) => s.menus);
  const routers = useUser((s) => s.routers);
  const keys = useUser((s) => s.keys);
  const device = useShell((s) => s.device);
  const collapsed = useShell((s) => s.collapsed);
  const storedApp = useShell((s) => s.layoutApp);
  const drawerOpen = useShell((s) => s.drawerOpen);
  // the drawer loads when first opened and then stays mounted (its closing animation included)
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  useEffect(() => {
    if (drawerOpen) setDrawerLoaded(true);
  }, [drawerOpen]);
  useLayoutTracking();

  const meta = deepestMeta(matches);
  const params = matches.at(-1)?.params;
  const allowed = canAccess({ path: pathname, meta, routers, keys });
  const tab = useMemo(
    () => (meta && allowed && !isExcluded(location.pathname, meta) ? tabFor(meta, location, params) : null),
    [meta, allowed, location, params],
  );
  const activeKey = tab?.key ?? null;

  // Opening a route switches the side menu and tab group to its sub-application. /home opened
  // from the top navigation, the logo or a link is the home layout; the home tab of a group
  // (state keepLayout) shows the overview inside that group's layout.
  const keepLayout = (location.state as { keepLayout?: boolean } | null)?.keepLayout === true;
  // A page the user may not open (no-permission page) leaves the layout where it was.
  const app: SubApp =
    meta && allowed && meta.app !== 'home' ? meta.app : pathname === HOME_PATH && !keepLayout ? 'home' : storedApp;

  const openTab = useTabs((s) => s.open);
  useEffect(() => {
    useShell.getState().setLayoutApp(app);
    if (tab) openTab(tab);
  }, [app, tab, openTab]);

  const moduleNode = useMemo(
    () => visibleNodes(menus).find((n) => n.international === app && n.children.length > 0) ?? null,
    [menus, app],
  );

  // Spec 2: "On the home path the bookmark bar and side menu are forced visible when the current
  // layout is not the home layout." Read literally: /home carries aside/bookmark false in the
  // registry, but when it is shown inside a sub-application's layout (its home tab clicked) the
  // side menu and bookmark bar of that sub-application stay; only the home layout hides them.
  const forced = pathname === HOME_PATH && app !== 'home';
  // the /refresh hop keeps the layout around it (no flicker of the side menu and bookmark bar)
  const hop = pathname === '/refresh';
  const asideWanted = forced || hop || meta?.aside !== false;
  const bookmarkWanted = (forced || hop || meta?.bookmark !== false) && app !== 'home';
  const showSider = device !== 'mobile' && asideWanted && moduleNode !== null;
  // the no-permission page highlights no page, and in the top bar the refused route's module, not Home
  const { current, active } = highlightFor({
    allowed,
    app,
    refusedApp: meta && meta.app !== 'home' ? meta.app : null,
    active: meta?.activeRouter ?? pathname,
  });

  // Spec 2: where the side menu is hidden by the route, the path search dialog opens (the home
  // overview excepted: it is the home layout's own navigation, with quick entrances and modules).
  const searchOnArrival =
    meta !== null && meta.aside === false && pathname !== HOME_PATH && allowed && !isExcluded(pathname, meta);
  useEffect(() => {
    if (searchOnArrival && location.key) useShell.getState().setSearchOpen(true);
  }, [searchOnArrival, location.key]);

  const ratingNode = menuNodeFor(menus, meta, pathname) ?? menus.find((n) => n.router === HOME_PATH) ?? null;

  if (!token) {
    if (isPublicPath(pathname)) return <PublicFrame>{outlet}</PublicFrame>;
    return <Navigate to={loginRedirectFor(pathname, location.search)} replace />;
  }

  return (
    <Layout className="portal-shell" data-device={device} data-app={app}>
      <HeaderBar current={current} ratingResourceId={ratingNode?.id ?? null} />
      <Layout hasSider className="portal-body">
        {showSider && moduleNode && (
          <Layout.Sider
            width={SIDER_WIDTH}
            collapsedWidth={SIDER_COLLAPSED_WIDTH}
            collapsed={collapsed}
            trigger={null}
            className="portal-sider"
            data-testid="side-menu-panel"
          >
            <div className="portal-sider-menu">
              <Suspense fallback={null}>
                <SideMenu key={moduleNode.id} nodes={moduleNode.children} active={active} collapsed={collapsed} />
              </Suspense>
            </div>
            <Button
              type="text"
              className="portal-sider-toggle"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => useShell.getState().toggleCollapsed()}
              aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
              data-testid="side-menu-toggle"
            />
          </Layout.Sider>
        )}
        <Layout.Content className="portal-main">
          {bookmarkWanted && <TabBar app={app} activeKey={activeKey} />}
          <div className="portal-content" data-testid="content">
            <KeepAlive activeKey={activeKey} outlet={allowed ? outlet : <ForbiddenPage />} />
            <IframeLayer activeKey={activeKey} />
          </div>
        </Layout.Content>
      </Layout>
      {device === 'mobile' && drawerLoaded && (
        <Suspense fallback={null}>
          <MobileMenu active={active} />
        </Suspense>
      )}
      <PathSearch />
      <ShellPopups app={app} menus={menus} meta={meta} pathname={pathname} />
      {/* spec 6: the AI assistant only for holders of its key; the panel itself loads on first open */}
      <Can perm={Perm.AI_CHAT}>
        <Suspense fallback={null}>
          <AiFloatingIcon />
        </Suspense>
      </Can>
    </Layout>
  );
}
