import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../../platform/ui/PageLoading';
import { refreshPlan } from '../refresh-target';
import { useTabs } from '../tabs/tabs-store';

/**
 * /refresh?redirectPath=…: re-open a page with fresh state (spec 2). Drops exactly the target
 * tab's keep-alive cache (other tabs of the same route keep theirs), then replaces the location
 * with redirectPath's path and query merged with the other parameters. A loading placeholder
 * shows meanwhile.
 */
export function RefreshPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const plan = refreshPlan(search);
    useTabs.getState().drop(plan.tabKey);
    const timer = setTimeout(() => void navigate(plan.target, { replace: true }), 120);
    return () => clearTimeout(timer);
  }, [navigate, search]);
  return <PageLoading tip={t('refresh.loading')} />;
}
