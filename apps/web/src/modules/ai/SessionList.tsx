import { DeleteOutlined, PlusOutlined, PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import type { AiConversation } from '@portal/contracts';
import { Button, Empty, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { modal, toast } from '../../platform/feedback';
import { queryClient } from '../../platform/query-client';
import { aiApi, aiKeys } from './api';
import { loadHistory } from './chat-actions';
import { NEW_CHAT, useChat } from './chat-store';

/** The user's sessions, pinned first: open, pin / unpin and delete, each confirmed (spec 8). */
export function SessionList({ conversations }: { conversations: AiConversation[] }) {
  const { t } = useTranslation();
  const activeKey = useChat((s) => s.activeKey);

  const open = (uuid: string) => {
    useChat.getState().select(uuid);
    if (!useChat.getState().session(uuid).loaded) void loadHistory(uuid, false);
  };
  const pin = (c: AiConversation) =>
    modal().confirm({
      title: c.isTop ? t('ai.confirmUnpin') : t('ai.confirmPin'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await aiApi.top(c.uuid, !c.isTop);
        toast().success(t('ai.operationSuccess'));
        await queryClient.invalidateQueries({ queryKey: aiKeys.conversations });
      },
    });
  const remove = (c: AiConversation) =>
    modal().confirm({
      title: t('ai.confirmDelete'),
      okText: t('common.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await aiApi.remove(c.uuid);
        // deleting the active session starts a new chat (spec 4)
        useChat.getState().drop(c.uuid);
        toast().success(t('ai.deleteSuccess'));
        await queryClient.invalidateQueries({ queryKey: aiKeys.conversations });
      },
    });

  return (
    <div className="ai-sessions" data-testid="ai-sessions">
      <div style={{ padding: 8 }}>
        <Button
          block
          icon={<PlusOutlined />}
          data-testid="ai-new-chat"
          onClick={() => useChat.getState().select(NEW_CHAT)}
        >
          {t('ai.newChat')}
        </Button>
      </div>
      <div className="ai-sessions-list">
        {conversations.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ai.noSessions')} />}
        {conversations.map((c) => (
          <div
            key={c.uuid}
            className="ai-session"
            data-active={c.uuid === activeKey}
            data-testid="ai-session"
            data-top={c.isTop}
          >
            {c.isTop && <PushpinFilled style={{ color: '#1677ff', fontSize: 12 }} />}
            <button type="button" className="ai-session-title" title={c.title} onClick={() => open(c.uuid)}>
              {c.title}
            </button>
            <span className="ai-session-actions">
              <Tooltip title={c.isTop ? t('ai.unpin') : t('ai.pin')}>
                <Button
                  type="text"
                  size="small"
                  data-testid="ai-session-pin"
                  icon={c.isTop ? <PushpinFilled /> : <PushpinOutlined />}
                  aria-label={c.isTop ? t('ai.unpin') : t('ai.pin')}
                  onClick={(e) => {
                    e.stopPropagation();
                    pin(c);
                  }}
                />
              </Tooltip>
              <Tooltip title={t('common.delete')}>
                <Button
                  type="text"
                  size="small"
                  data-testid="ai-session-delete"
                  icon={<DeleteOutlined />}
                  aria-label={t('common.delete')}
                  onClick={(e) => {
                    e.stopPropagation();
                    remove(c);
                  }}
                />
              </Tooltip>
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
