import { PauseCircleOutlined, SendOutlined } from '@ant-design/icons';
import { AI_INPUT_MAX, AI_INPUT_MAX_ROWS, AI_INPUT_MIN_ROWS } from '@portal/contracts';
import { Button, Flex, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ask, stop } from './chat-actions';
import { useChat } from './chat-store';

/**
 * Spec 5 chat input: at most 100 characters, 1 to 4 rows; Enter sends, Shift+Enter is a newline;
 * blank is not sent (send disabled). While answering, stop is enabled only after `init`.
 */
export function ChatInput({ sessionKey }: { sessionKey: string }) {
  const { t } = useTranslation();
  const draft = useChat((s) => s.sessions[sessionKey]?.draft ?? '');
  const loading = useChat((s) => s.sessions[sessionKey]?.loading ?? false);
  const canStop = useChat((s) => s.sessions[sessionKey]?.isStopSSE ?? false);
  const blank = draft.trim() === '';
  const send = () => {
    if (!blank && !loading) void ask(draft);
  };
  return (
    <div className="ai-input">
      <Flex gap={8} align="flex-end">
        <Input.TextArea
          data-testid="ai-input"
          value={draft}
          maxLength={AI_INPUT_MAX}
          showCount
          autoSize={{ minRows: AI_INPUT_MIN_ROWS, maxRows: AI_INPUT_MAX_ROWS }}
          placeholder={t('ai.placeholder')}
          onChange={(e) => useChat.getState().patch(sessionKey, { draft: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          style={{ marginBottom: 18 }}
        />
        {loading ? (
          <Button
            danger
            data-testid="ai-stop"
            icon={<PauseCircleOutlined />}
            disabled={!canStop}
            onClick={() => stop(sessionKey)}
            style={{ marginBottom: 18 }}
          >
            {t('ai.stop')}
          </Button>
        ) : (
          <Button
            type="primary"
            data-testid="ai-send"
            icon={<SendOutlined />}
            disabled={blank}
            onClick={send}
            style={{ marginBottom: 18 }}
          >
            {t('ai.send')}
          </Button>
        )}
      </Flex>
    </div>
  );
}
