import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../platform/api-error';
import { authApi } from '../../platform/auth-api';
import { safeRedirect } from '../../platform/navigation';
import { useSession } from '../../platform/session';
import { PageLoading } from '../../platform/ui/PageLoading';

/** Return point of the workplace-chat SSO: exchanges ?code&state for a session. */
export function AuthorizePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');

  // a query (not an effect) so the single-use code is exchanged exactly once, StrictMode included
  const exchange = useQuery({
    queryKey: ['auth', 'dingAuth', code, state],
    queryFn: () => authApi.dingAuth(code ?? '', state ?? ''),
    enabled: Boolean(code && state),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  useEffect(() => {
    if (!exchange.data) return;
    useSession.getState().setToken(exchange.data);
    void navigate(safeRedirect(exchange.data.redirectPath), { replace: true });
  }, [exchange.data, navigate]);

  if (!code || !state || exchange.isError) {
    const msg = isApiError(exchange.error) ? exchange.error.msg : '';
    return (
      <Result
        status="error"
        title={t('authorize.failed')}
        subTitle={!code || !state ? t('authorize.missingCode') : msg || t('authorize.failed')}
        extra={
          <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
            {t('authorize.backToLogin')}
          </Button>
        }
        style={{ paddingTop: '15vh' }}
      />
    );
  }
  return <PageLoading tip={t('authorize.signingIn')} />;
}
