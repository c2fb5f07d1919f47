import { AI_HISTORY_LOAD_PX } from '@portal/contracts';
import { Spin } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadHistory } from './chat-actions';
import { useChat } from './chat-store';
import { MessageItem } from './MessageItem';

/** Within this distance of the bottom the view follows a streaming answer. */
const STICK_PX = 40;

/**
 * The conversation view: history pages in within 50 px of the top until none remain (then a
 * notice); the view follows the answer being written unless the user scrolled up (spec 4).
 */
export function ChatConversation({ sessionKey }: { sessionKey: string }) {
  const { t } = useTranslation();
  const session = useChat((s) => s.sessions[sessionKey]);
  const box = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const keepFrom = useRef<number | null>(null);
  const [older, setOlder] = useState(false);
  const messages = session?.messageData ?? [];

  useEffect(() => {
    if (!useChat.getState().session(sessionKey).loaded) void loadHistory(sessionKey, false);
  }, [sessionKey]);

  // after older messages were put on top, keep the message the user was reading in place;
  // otherwise follow the bottom while sticking
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (keepFrom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFrom.current;
      keepFrom.current = null;
    } else if (stick.current) el.scrollTop = el.scrollHeight;
  });

  const last = messages.at(-1);
  // a new question always brings the view down
  useEffect(() => {
    if (last?.status === 'streaming' && !last.aiResponse) stick.current = true;
  }, [last?.status, last?.aiResponse]);

  const onScroll = async () => {
    const el = box.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
    if (el.scrollTop < AI_HISTORY_LOAD_PX && session?.hasMore && !older) {
      setOlder(true);
      keepFrom.current = el.scrollHeight - el.scrollTop;
      await loadHistory(sessionKey, true);
      setOlder(false);
    }
  };

  return (
    <div className="ai-body" ref={box} onScroll={onScroll} data-testid="ai-conversation">
      {older && (
        <div className="ai-history-note">
          <Spin size="small" />
        </div>
      )}
      {session?.loaded && !session.hasMore && messages.length > 0 && (
        <div className="ai-history-note" data-testid="ai-no-more">
          {t('ai.noMoreHistory')}
        </div>
      )}
      {!session?.loaded && <Spin style={{ display: 'block', margin: '24px auto' }} />}
      {messages.map((m, i) => (
        <MessageItem key={m.key} sessionKey={sessionKey} msg={m} last={i === messages.length - 1} />
      ))}
    </div>
  );
}
