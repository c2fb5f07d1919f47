import type { RouteObject } from 'react-router';
import type { RouteMeta } from '../../shell/route-meta';

const home: RouteMeta = {
  title: { zh: '首页', en: 'Home' },
  app: 'home',
  access: 'authenticated',
  hideAside: true,
  hideBookmark: true,
};

export const homeRoutes: RouteObject[] = [
  {
    path: 'home',
    handle: home,
    lazy: async () => ({ Component: (await import('./HomeScreen')).HomeScreen }),
  },
];
