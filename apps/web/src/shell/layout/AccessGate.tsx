import { Outlet, useLocation } from 'react-router';
import { useUser } from '../../platform/user-store';
import { canAccess } from '../access-policy';
import { ForbiddenPage } from '../pages/ForbiddenPage';
import { useRouteMeta } from './use-route-meta';

/** Spec 4 page access: the route renders only when the user may see it, else the no-permission page. */
export function AccessGate() {
  const { pathname } = useLocation();
  const meta = useRouteMeta();
  const routers = useUser((s) => s.routers);
  const keys = useUser((s) => s.keys);
  return canAccess({ path: pathname, meta, routers, keys }) ? <Outlet /> : <ForbiddenPage />;
}
