import { createBrowserRouter, Navigate } from 'react-router';
import { homeRoutes } from '../modules/home/routes';
import { systemRoutes } from '../modules/system/routes';
import { bindNavigator } from '../platform/navigation';
import { PageLoading } from '../platform/ui/PageLoading';
import { ShellLayout } from './layout/ShellLayout';
import { publicOnlyLoader, shellLoader } from './loaders';
import { AuthorizePage } from './pages/AuthorizePage';
import { ForbiddenPage } from './pages/ForbiddenPage';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RefreshPage } from './pages/RefreshPage';
import { RouteError } from './pages/RouteError';
import { RootRoute } from './RootRoute';
import type { RouteMeta } from './route-meta';

const meta = (zh: string, en: string, access: RouteMeta['access'], extra: Partial<RouteMeta> = {}): RouteMeta => ({
  title: { zh, en },
  app: 'shell',
  access,
  hidden: true,
  ...extra,
});

export const router = createBrowserRouter([
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: '/login', loader: publicOnlyLoader, element: <LoginPage />, handle: meta('登录', 'Sign in', 'public') },
      {
        path: '/authorize',
        loader: publicOnlyLoader,
        element: <AuthorizePage />,
        handle: meta('工作台登录', 'Workplace sign-in', 'public'),
      },
      // public quotation pages (spec 4) will live here; until then an unknown one is not found
      { path: '/offerManage/*', element: <NotFoundPage />, handle: meta('页面不存在', 'Not found', 'public') },
      {
        path: '/',
        loader: shellLoader,
        element: <ShellLayout />,
        children: [
          { index: true, element: <Navigate to="/home" replace /> },
          ...homeRoutes,
          ...systemRoutes,
          { path: 'refresh', element: <RefreshPage />, handle: meta('刷新', 'Refresh', 'authenticated') },
          { path: '403', element: <ForbiddenPage />, handle: meta('暂无权限', 'No permission', 'authenticated') },
          { path: '404', element: <NotFoundPage />, handle: meta('页面不存在', 'Not found', 'authenticated') },
          { path: '*', element: <NotFoundPage />, handle: meta('页面不存在', 'Not found', 'authenticated') },
        ],
      },
    ],
  },
]);

bindNavigator((to, opts) => router.navigate(to, opts));
