import { useQuery } from '@tanstack/react-query';
import { Flex, Input, Modal, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POPUP_Z_INDEX, toast } from '../../platform/feedback';
import { aiApi, aiKeys } from './api';

const CONTENT_MAX = 500;

/**
 * A like opens the tag picker (at least one tag, else a warning); a dislike opens the feedback
 * dialog (tags optional, free text). The like state is set when the server took it (spec 4).
 */
export function FeedbackDialog(props: {
  likeType: 'LIKE' | 'DISLIKE';
  chatUuid: string;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const like = props.likeType === 'LIKE';
  const tags = useQuery({
    queryKey: aiKeys.tags(props.likeType),
    queryFn: () => aiApi.tags(props.likeType),
    staleTime: 300_000,
  });
  const [chosen, setChosen] = useState<string[]>([]);
  const [content, setContent] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (like && chosen.length === 0) {
      toast().warning(t('ai.chooseTag'));
      return;
    }
    setSaving(true);
    try {
      await aiApi.feedback({
        like: like ? 1 : 0,
        chatUuid: props.chatUuid,
        ...(chosen.length ? { tag: chosen.join(',') } : {}),
        ...(content.trim() ? { content: content.trim() } : {}),
      });
      props.onDone();
      toast().success(t('ai.thanks'));
      props.onClose();
    } catch {
      // the http client showed the message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      zIndex={POPUP_Z_INDEX}
      title={like ? t('ai.likeTitle') : t('ai.dislikeTitle')}
      okText={t('ai.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={submit}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <div data-testid={like ? 'ai-like-dialog' : 'ai-dislike-dialog'}>
        <Typography.Paragraph type="secondary">{like ? t('ai.likeHint') : t('ai.dislikeHint')}</Typography.Paragraph>
        {tags.isLoading ? (
          <Skeleton active title={false} paragraph={{ rows: 1 }} />
        ) : (
          <Flex wrap gap={6} style={{ marginBottom: 12 }}>
            {(tags.data ?? []).map((tag) => (
              <Tag.CheckableTag
                key={tag.tagName}
                data-testid="ai-tag"
                checked={chosen.includes(tag.tagName)}
                onChange={(on) => setChosen((c) => (on ? [...c, tag.tagName] : c.filter((x) => x !== tag.tagName)))}
                style={{ border: '1px solid #d9d9d9' }}
              >
                {tag.tagName}
              </Tag.CheckableTag>
            ))}
          </Flex>
        )}
        {!like && (
          <Input.TextArea
            data-testid="ai-feedback-text"
            value={content}
            maxLength={CONTENT_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder={t('ai.feedbackPlaceholder')}
            onChange={(e) => setContent(e.target.value)}
          />
        )}
      </div>
    </Modal>
  );
}
