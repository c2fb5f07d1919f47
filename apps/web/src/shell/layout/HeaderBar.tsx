import { BellOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Flex, Layout } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFeedbackDialog } from '../../modules/feedback/feedback-dialog-store';
import { feedbackTexts } from '../../modules/feedback/locales';
import { messagesTexts } from '../../modules/messages/locales';
import { withTexts } from '../../platform/i18n';
import { LanguageSwitch } from '../../platform/ui/LanguageSwitch';
import { useShell } from '../shell-store';
import { DownloadEntry, SearchButton } from './HeaderActions';
import { HEADER_HEIGHT } from './layout-mode';
import { TopNav } from './TopNav';
import { UserMenu } from './UserMenu';

// loaded after the shell paints, so the first screen carries none of their code (bundle budget);
// the modules' parts come with their texts
const MessageBell = lazy(
  withTexts(messagesTexts, async () => ({ default: (await import('../../modules/messages/MessageBell')).MessageBell })),
);
const LiveChannel = lazy(async () => ({ default: (await import('../../platform/live/LiveChannel')).LiveChannel }));
const FeedbackDialog = lazy(
  withTexts(feedbackTexts, async () => ({
    default: (await import('../../modules/feedback/FeedbackDialog')).FeedbackDialog,
  })),
);

/**
 * Header (52 px): logo, top navigation by module, path search, notification bell, download
 * center, language and user menu. On mobile the modules move into the menu drawer.
 */
export function HeaderBar({ current, ratingResourceId }: { current: string; ratingResourceId: number | null }) {
  const { t } = useTranslation();
  const device = useShell((s) => s.device);
  const mobile = device === 'mobile';
  const feedbackOpen = useFeedbackDialog((s) => s.open);
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
        <Suspense fallback={<Button type="text" icon={<BellOutlined />} className="portal-header-icon" disabled />}>
          <MessageBell />
        </Suspense>
        <Suspense fallback={null}>
          <LiveChannel />
          {feedbackOpen && <FeedbackDialog />}
        </Suspense>
        <DownloadEntry />
        <LanguageSwitch compact={device !== 'pc'} />
        <UserMenu ratingResourceId={ratingResourceId} compact={mobile} />
      </Flex>
    </Layout.Header>
  );
}
