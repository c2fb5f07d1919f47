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
import { authorizeOutcome } from './authorize-outcome';

/** Return point of the workplace-chat SSO: exchanges ?code&state for a session. */
export function AuthorizePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const outcome = authorizeOutcome(params);
  const code = outcome.kind === 'exchange' ? outcome.code : '';
  const state = outcome.kind === 'exchange' ? outcome.state : '';

  // a query (not an effect) so the single-use code is exchanged exactly once, StrictMode included
  const exchange = useQuery({
    queryKey: ['auth', 'dingAuth', code, state],
    queryFn: () => authApi.dingAuth(code, state),
    enabled: outcome.kind === 'exchange',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  useEffect(() => {
    if (!exchange.data) return;
    useSession.getState().setToken(exchange.data);
    void navigate(safeRedirect(exchange.data.redirectPath), { replace: true });
  }, [exchange.data, navigate]);

  if (outcome.kind !== 'exchange' || exchange.isError) {
    const msg = isApiError(exchange.error) ? exchange.error.msg : '';
    const subTitle =
      outcome.kind === 'cancelled'
        ? t('authorize.cancelled')
        : outcome.kind === 'providerError'
          ? t('authorize.providerFailed')
          : outcome.kind === 'missingCode'
            ? t('authorize.missingCode')
            : msg || t('authorize.failed');
    return (
      <Result
        status={outcome.kind === 'cancelled' ? 'info' : 'error'}
        title={outcome.kind === 'cancelled' ? undefined : t('authorize.failed')}
        subTitle={subTitle}
        extra={
          <Button type="primary" onClick={() => navigate('/login', { replace: true })} data-testid="authorize-back">
            {t('authorize.backToLogin')}
          </Button>
        }
        style={{ paddingTop: '15vh' }}
      />
    );
  }
  return <PageLoading tip={t('authorize.signingIn')} />;
}
