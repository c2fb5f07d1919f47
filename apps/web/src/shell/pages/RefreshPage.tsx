import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../../platform/ui/PageLoading';
import { refreshTarget } from '../refresh-target';

/**
 * /refresh?redirectPath=…: re-open a route with fresh state. Dropping the target's keep-alive
 * cache belongs here once tabs exist; for now the target is simply mounted anew.
 */
export function RefreshPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(refreshTarget(search), { replace: true });
  }, [navigate, search]);
  return <PageLoading tip={t('refresh.loading')} />;
}
