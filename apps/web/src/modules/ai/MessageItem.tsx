import {
  CopyOutlined,
  DislikeFilled,
  DislikeOutlined,
  FileTextOutlined,
  LikeFilled,
  LikeOutlined,
} from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../platform/feedback';
import { AnswerMarkdown, copyText } from './AnswerMarkdown';
import { ask } from './chat-actions';
import { type ChatMsg, useChat } from './chat-store';
import { FeedbackDialog } from './FeedbackDialog';

/** One question (escaped text) and its answer (markdown), sources, follow-ups and like / dislike. */
export function MessageItem({ sessionKey, msg, last }: { sessionKey: string; msg: ChatMsg; last: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'LIKE' | 'DISLIKE' | null>(null);
  const streaming = msg.status === 'streaming';
  const loading = useChat((s) => s.sessions[sessionKey]?.loading ?? false);

  const like = () => {
    // like again returns to neutral, in the page only (spec 4)
    if (msg.like === 1) useChat.getState().patchMsg(sessionKey, msg.key, { like: null });
    else setDialog('LIKE');
  };

  return (
    <div data-testid="ai-message" data-status={msg.status}>
      <div className="ai-q">
        {/* React escapes text: a question is never markup */}
        <div className="ai-q-bubble" data-testid="ai-question">
          {msg.userQuery}
        </div>
      </div>
      <div className="ai-a" data-testid="ai-answer">
        {msg.aiResponse ? (
          <AnswerMarkdown text={msg.aiResponse} onLink={(href) => navigate(href)} />
        ) : streaming ? (
          <Typography.Text type="secondary" className="ai-cursor">
            {t('ai.thinking')}
          </Typography.Text>
        ) : null}
        {streaming && msg.aiResponse && <span className="ai-cursor" />}
        {msg.status === 'stopped' && (
          <div className="ai-a-meta">
            <Typography.Text type="secondary">{t('ai.stopped')}</Typography.Text>
          </div>
        )}
        {msg.kbDocuments.length > 0 && (
          <div className="ai-a-meta" data-testid="ai-sources">
            <Typography.Text type="secondary">{t('ai.sources')}</Typography.Text>
            {msg.kbDocuments.map((d) => (
              <div key={d.documentUrl}>
                <a
                  href={d.documentUrl}
                  data-testid="ai-source"
                  onClick={(e) => {
                    e.preventDefault();
                    navigate(d.documentUrl);
                  }}
                >
                  <FileTextOutlined /> {d.documentName}
                </a>
              </div>
            ))}
          </div>
        )}
        {!streaming && msg.chatUuid && msg.aiResponse && (
          <Flex gap={2} className="ai-a-meta">
            <Tooltip title={t('ai.copy')}>
              <Button
                type="text"
                size="small"
                icon={<CopyOutlined />}
                aria-label={t('ai.copy')}
                onClick={async () => {
                  if (await copyText(msg.aiResponse)) toast().success(t('ai.copySuccess'));
                }}
              />
            </Tooltip>
            <Tooltip title={t('ai.like')}>
              <Button
                type="text"
                size="small"
                data-testid="ai-like"
                data-on={msg.like === 1}
                icon={msg.like === 1 ? <LikeFilled style={{ color: '#1677ff' }} /> : <LikeOutlined />}
                aria-label={t('ai.like')}
                onClick={like}
              />
            </Tooltip>
            <Tooltip title={t('ai.dislike')}>
              <Button
                type="text"
                size="small"
                data-testid="ai-dislike"
                data-on={msg.like === 0}
                icon={msg.like === 0 ? <DislikeFilled style={{ color: '#ff4d4f' }} /> : <DislikeOutlined />}
                aria-label={t('ai.dislike')}
                onClick={() => setDialog('DISLIKE')}
              />
            </Tooltip>
          </Flex>
        )}
      </div>
      {last && !streaming && msg.guessQuestions.length > 0 && (
        <div className="ai-guesses" data-testid="ai-guesses">
          {msg.guessQuestions.map((q) => (
            <Button
              key={q}
              size="small"
              className="ai-guess"
              data-testid="ai-guess"
              disabled={loading}
              onClick={() => void ask(q)}
            >
              {q}
            </Button>
          ))}
        </div>
      )}
      {dialog && msg.chatUuid && (
        <FeedbackDialog
          likeType={dialog}
          chatUuid={msg.chatUuid}
          onClose={() => setDialog(null)}
          onDone={() => useChat.getState().patchMsg(sessionKey, msg.key, { like: dialog === 'LIKE' ? 1 : 0 })}
        />
      )}
    </div>
  );
}
