import { CloudSyncOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../platform/query-client';
import { useUser } from '../../platform/user-store';

/** Clear the cached router list (menu resources and cached server data) and load the new version. */
export function clearRoutesAndReload(): void {
  useUser.getState().reset();
  queryClient.clear();
  window.location.reload();
}

/**
 * A lazy screen failed to load after a deploy: 系统已升级到新版本, with a refresh action.
 * Built from small parts only (no Typography, which brings inputs along): it must render when other chunks cannot load.
 */
export function UpgradedScreen() {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" justify="center" gap={12} style={{ padding: '12vh 16px' }} data-testid="upgraded">
      <CloudSyncOutlined style={{ fontSize: 56, color: '#1668dc' }} />
      <h2 className="portal-state-title">{t('errors.upgraded')}</h2>
      <p className="portal-state-text">{t('errors.upgradedHint')}</p>
      <Button type="primary" onClick={clearRoutesAndReload} data-testid="upgraded-refresh">
        {t('errors.reload')}
      </Button>
    </Flex>
  );
}
