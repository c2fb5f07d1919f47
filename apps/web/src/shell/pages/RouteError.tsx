import { CloseCircleOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError, reloadOnceForChunkFailure } from '../chunk-guard';
import { UpgradedScreen } from './UpgradedScreen';

const NotFoundPage = lazy(async () => ({ default: (await import('./NotFoundPage')).NotFoundPage }));

/**
 * Route error boundary: unknown route data, failed lazy chunks (after a deploy), unexpected
 * render errors. Static and light: it has to work when chunks do not load.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  }
  if (isChunkLoadError(error)) {
    // reload at most once automatically, then say so (never a reload loop)
    if (reloadOnceForChunkFailure()) return null;
    return <UpgradedScreen />;
  }
  console.error(error);
  return (
    <Flex vertical align="center" justify="center" gap={12} style={{ padding: '12vh 16px' }} data-testid="route-error">
      <CloseCircleOutlined style={{ fontSize: 56, color: '#ff4d4f' }} />
      <h2 className="portal-state-title">{t('errors.unexpected')}</h2>
      <Button type="primary" onClick={() => window.location.assign('/home')}>
        {t('common.backHome')}
      </Button>
    </Flex>
  );
}
