import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './NotFoundPage';

const RELOAD_MARK = 'portal:chunk-reload-at';

const isChunkLoadError = (e: unknown) =>
  e instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(e.message);

/** After a deploy old lazy chunks are gone: reload once (marked in sessionStorage), then say so. */
function reloadOnce(): boolean {
  const last = Number(sessionStorage.getItem(RELOAD_MARK) ?? 0);
  if (Date.now() - last < 10_000) return false;
  sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
  window.location.reload();
  return true;
}

/** Route error boundary: unknown route data, failed lazy chunks, unexpected render errors. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isChunkLoadError(error)) {
    if (reloadOnce()) return null;
    return (
      <Result
        status="info"
        title={t('errors.upgraded')}
        subTitle={t('errors.upgradedHint')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
        }
      />
    );
  }
  console.error(error);
  return (
    <Result
      status="error"
      title={t('errors.unexpected')}
      extra={
        <Button type="primary" onClick={() => window.location.assign('/home')}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
