import {
  CloseOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
} from '@ant-design/icons';
import { AI_PANEL_WIDE, AI_PANEL_WIDTH } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../platform/query-client';
import { aiApi, aiKeys } from './api';
import { ChatConversation } from './ChatConversation';
import { ChatHome } from './ChatHome';
import { ChatInput } from './ChatInput';
import { NEW_CHAT, useChat } from './chat-store';
import { SessionList } from './SessionList';
import './ai.css';

/** Clicks in these (portals of the panel's own dialogs and popups) are not "outside". */
const OWN_PORTALS =
  '.ant-modal-root,.ant-modal-wrap,.ant-popover,.ant-dropdown,.ant-select-dropdown,.ant-message,.ant-tooltip,[data-ai-float]';

/**
 * Spec 2 AI chat panel: a collapsible session list, a header with collapse, full screen and
 * close, the home view of a new chat or the conversation, and the input. Width 556 px, 700 px
 * with the session list shown or in full-screen mode (spec 9). A click outside closes it.
 */
export default function AiPanel() {
  const { t } = useTranslation();
  const open = useChat((s) => s.open);
  const full = useChat((s) => s.full);
  const listOpen = useChat((s) => s.listOpen);
  const activeKey = useChat((s) => s.activeKey);
  const empty = useChat((s) => (s.sessions[activeKey]?.messageData.length ?? 0) === 0);
  const ref = useRef<HTMLDivElement>(null);
  const conversations = useQuery({ queryKey: aiKeys.conversations, queryFn: aiApi.conversations, enabled: open });
  const title =
    activeKey === NEW_CHAT
      ? t('ai.newChat')
      : (conversations.data?.records.find((c) => c.uuid === activeKey)?.title ?? t('ai.title'));

  // sessions may have changed elsewhere (another tab, another device): read them on every open
  useEffect(() => {
    if (open) void queryClient.invalidateQueries({ queryKey: aiKeys.conversations });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      const target = e.target as Element | null;
      if (!target?.isConnected || ref.current?.contains(target) || target.closest(OWN_PORTALS)) return;
      useChat.getState().setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  if (!open) return null;
  const width = full || listOpen ? AI_PANEL_WIDE : AI_PANEL_WIDTH;
  return (
    <div
      ref={ref}
      className="ai-panel"
      data-testid="ai-panel"
      data-full={full}
      style={{ '--ai-width': `${width}px` } as React.CSSProperties}
      role="dialog"
      aria-label={t('ai.title')}
    >
      {listOpen && <SessionList conversations={conversations.data?.records ?? []} />}
      <div className="ai-main">
        <div className="ai-header">
          <Tooltip title={listOpen ? t('ai.collapse') : t('ai.expand')}>
            <Button
              type="text"
              size="small"
              data-testid="ai-toggle-list"
              icon={listOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
              onClick={() => useChat.getState().toggleList()}
              aria-label={listOpen ? t('ai.collapse') : t('ai.expand')}
            />
          </Tooltip>
          <span className="ai-header-title" data-testid="ai-title">
            {title}
          </span>
          <Tooltip title={full ? t('ai.exitFull') : t('ai.full')}>
            <Button
              type="text"
              size="small"
              data-testid="ai-full"
              icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              onClick={() => useChat.getState().toggleFull()}
              aria-label={full ? t('ai.exitFull') : t('ai.full')}
            />
          </Tooltip>
          <Tooltip title={t('ai.close')}>
            <Button
              type="text"
              size="small"
              data-testid="ai-close"
              icon={<CloseOutlined />}
              onClick={() => useChat.getState().setOpen(false)}
              aria-label={t('ai.close')}
            />
          </Tooltip>
        </div>
        {activeKey === NEW_CHAT && empty ? <ChatHome /> : <ChatConversation key={activeKey} sessionKey={activeKey} />}
        <ChatInput sessionKey={activeKey} />
      </div>
    </div>
  );
}
