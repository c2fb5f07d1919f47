import { Perm } from '@portal/contracts';
import type { RouteObject } from 'react-router';
import type { RouteMeta } from '../../shell/route-meta';

const userList: RouteMeta = {
  title: { zh: '用户管理', en: 'Users' },
  app: 'setModule',
  access: { perm: Perm.SYS_USER_LIST },
};

/** System settings (/setModule/...). */
export const systemRoutes: RouteObject[] = [
  {
    path: 'setModule/authManage/user',
    handle: userList,
    lazy: async () => ({ Component: (await import('./UserListScreen')).UserListScreen }),
  },
];
