import { BellOutlined, CloudDownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDownloadFlag } from '../../platform/download-flag';
import { pathOfName } from '../registry';
import { shellApi } from '../shell-api';
import { useShell } from '../shell-store';

export const UNREAD_QUERY_KEY = ['shell', 'unread'] as const;
const NOTIFICATION_PATH = '/message/notification';

/**
 * Notification bell: a dot when the unread flag is true (GET thereAreUnreadMessages; a server
 * without that call yet answers ROUTE_NOT_FOUND, which is simply "no dot"). The live channel can
 * set the flag with queryClient.setQueryData(UNREAD_QUERY_KEY, true).
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useQuery({
    queryKey: UNREAD_QUERY_KEY,
    queryFn: shellApi.unread,
    staleTime: 60_000,
    refetchInterval: 120_000,
  });
  return (
    <Tooltip title={t('header.notifications')}>
      <Button
        type="text"
        aria-label={t('header.notifications')}
        onClick={() => navigate(NOTIFICATION_PATH)}
        data-testid="header-bell"
        icon={
          <Badge dot={unread.data === true} offset={[-2, 2]} data-testid={unread.data ? 'header-bell-dot' : undefined}>
            <BellOutlined style={{ fontSize: 17 }} />
          </Badge>
        }
      />
    </Tooltip>
  );
}

/** Download center entry: a dot after an async export was created (markDownloadCreated()). */
export function DownloadEntry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const created = useDownloadFlag((s) => s.created);
  return (
    <Tooltip title={t('header.downloads')}>
      <Button
        type="text"
        aria-label={t('header.downloads')}
        data-testid="header-download"
        onClick={() => {
          useDownloadFlag.getState().clear();
          void navigate(pathOfName('GeneralDownload'));
        }}
        icon={
          <Badge dot={created} offset={[-2, 2]} data-testid={created ? 'header-download-dot' : undefined}>
            <CloudDownloadOutlined style={{ fontSize: 17 }} />
          </Badge>
        }
      />
    </Tooltip>
  );
}

/** Opens the path search dialog (also Ctrl/⌘+K). */
export function SearchButton() {
  const { t } = useTranslation();
  return (
    <Tooltip title={`${t('search.title')} (Ctrl+K)`}>
      <Button
        type="text"
        aria-label={t('search.title')}
        data-testid="header-search"
        onClick={() => useShell.getState().setSearchOpen(true)}
        icon={<SearchOutlined style={{ fontSize: 16 }} />}
      />
    </Tooltip>
  );
}
