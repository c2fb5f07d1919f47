import { Layout } from 'antd';
import { Suspense, useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';
import { moduleOf, visibleNodes } from '../../platform/resources';
import { useSession } from '../../platform/session';
import { PageLoading } from '../../platform/ui/PageLoading';
import { useUser } from '../../platform/user-store';
import { loginRedirectFor } from '../access-policy';
import { AccessGate } from './AccessGate';
import { HeaderBar } from './HeaderBar';
import { SideMenu } from './SideMenu';
import { useRouteMeta } from './use-route-meta';

export const SIDER_WIDTH = 221;

/** Minimal shell: header, side menu of the current module, content. Tabs and keep-alive come later. */
export function ShellLayout() {
  const { pathname, search } = useLocation();
  const token = useSession((s) => s.token);
  const menus = useUser((s) => s.menus);
  const meta = useRouteMeta();
  const module = useMemo(() => moduleOf(visibleNodes(menus), meta?.activeRouter ?? pathname), [menus, meta, pathname]);

  if (!token) return <Navigate to={loginRedirectFor(pathname, search)} replace />;

  const showAside = !meta?.hideAside && module !== null && module.children.some((c) => c.webShowFlag);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <HeaderBar />
      <Layout>
        {showAside && module && (
          <Layout.Sider
            width={SIDER_WIDTH}
            style={{
              borderRight: '1px solid #eef0f3',
              overflow: 'auto',
              position: 'sticky',
              top: 52,
              height: 'calc(100vh - 52px)',
            }}
          >
            <SideMenu module={module} />
          </Layout.Sider>
        )}
        <Layout.Content style={{ padding: 16, minWidth: 0 }}>
          <Suspense fallback={<PageLoading />}>
            <AccessGate />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
