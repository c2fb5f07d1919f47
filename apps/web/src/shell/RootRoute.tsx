import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { deepestMeta, titleText } from '../platform/registry';
import { useSession } from '../platform/session';
import { titleFromLocation } from './tabs/tab-rules';

/** Root of every route: keeps the document title on the current route's (or tab's) title. */
export function RootRoute() {
  const { t } = useTranslation();
  const meta = deepestMeta(useMatches());
  const { search } = useLocation();
  const locale = useSession((s) => s.locale);
  useEffect(() => {
    const title = meta ? (titleFromLocation(meta, search) ?? titleText(meta.title, locale)) : null;
    document.title = title ? `${title} - ${t('app.name')}` : t('app.name');
  }, [meta, search, locale, t]);
  return <Outlet />;
}
