import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useSession } from '../platform/session';
import { useRouteMeta } from './layout/use-route-meta';
import { routeTitle } from './route-meta';

/** Root of every route: keeps the document title on the current route's title. */
export function RootRoute() {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const locale = useSession((s) => s.locale);
  useEffect(() => {
    document.title = meta ? `${routeTitle(meta, locale)} - ${t('app.name')}` : t('app.name');
  }, [meta, locale, t]);
  return <Outlet />;
}
