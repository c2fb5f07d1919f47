import { MenuOutlined } from '@ant-design/icons';
import { Button, Flex, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FeedbackDialog } from '../../modules/feedback/FeedbackDialog';
import { MessageBell } from '../../modules/messages/MessageBell';
import { LiveChannel } from '../../platform/live/LiveChannel';
import { LanguageSwitch } from '../../platform/ui/LanguageSwitch';
import { useShell } from '../shell-store';
import { DownloadEntry, SearchButton } from './HeaderActions';
import { HEADER_HEIGHT } from './layout-mode';
import { TopNav } from './TopNav';
import { UserMenu } from './UserMenu';

/**
 * Header (52 px): logo, top navigation by module, path search, notification bell, download
 * center, language and user menu. On mobile the modules move into the menu drawer.
 */
export function HeaderBar({ current, ratingResourceId }: { current: string; ratingResourceId: number | null }) {
  const { t } = useTranslation();
  const device = useShell((s) => s.device);
  const mobile = device === 'mobile';
  return (
    <Layout.Header
      className="portal-header"
      style={{ height: HEADER_HEIGHT, lineHeight: `${HEADER_HEIGHT}px` }}
      data-testid="header"
    >
      {mobile && (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label={t('nav.menu')}
          onClick={() => useShell.getState().setDrawerOpen(true)}
          data-testid="menu-toggle"
          className="portal-header-icon"
        />
      )}
      <Link to="/home" className="portal-brand" data-testid="header-home">
        <img src="/favicon.svg" alt="" width={24} height={24} />
        {device === 'pc' && <strong>{t('app.name')}</strong>}
      </Link>
      {mobile ? <div style={{ flex: 1 }} /> : <TopNav current={current} />}
      <Flex align="center" gap={2} style={{ flexShrink: 0 }} className="portal-header-actions">
        <SearchButton />
        <MessageBell />
        <LiveChannel />
        <FeedbackDialog />
        <DownloadEntry />
        <LanguageSwitch compact={device !== 'pc'} />
        <UserMenu ratingResourceId={ratingResourceId} compact={mobile} />
      </Flex>
    </Layout.Header>
  );
}
