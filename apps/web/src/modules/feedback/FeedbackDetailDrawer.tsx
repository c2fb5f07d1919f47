import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Checkbox,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Image,
  Input,
  Skeleton,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../platform/format-time';
import { feedbackApi, feedbackKeys, refreshFeedback } from './api';
import { FeedbackStatusTag } from './FeedbackStatusTag';

/** One feedback with its screenshots and the reply history; managers answer and close here. */
export function FeedbackDetailDrawer({
  id,
  manage,
  onClose,
}: {
  id: number | null;
  manage: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [reply, setReply] = useState('');
  const [closeToo, setCloseToo] = useState(false);
  const detail = useQuery({
    queryKey: feedbackKeys.detail(id ?? 0),
    queryFn: () => feedbackApi.detail(id!),
    enabled: id !== null,
  });
  const done = async () => {
    setReply('');
    setCloseToo(false);
    await refreshFeedback(queryClient);
  };
  const send = useMutation({
    mutationFn: () => feedbackApi.reply(id!, reply.trim(), closeToo),
    onSuccess: async () => {
      message.success(t('feedback.replied'));
      await done();
    },
  });
  const close = useMutation({
    mutationFn: () => feedbackApi.close(id!),
    onSuccess: async () => {
      message.success(t('feedback.closedDone'));
      await done();
    },
  });
  const d = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={560}
      title={t('feedback.detail')}
      destroyOnHidden
      data-testid="feedback-drawer"
    >
      {!d ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('feedback.author')}>{d.userName}</Descriptions.Item>
            <Descriptions.Item label={t('feedback.question')}>{d.questionName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('feedback.statusLabel')}>
              <FeedbackStatusTag status={d.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('feedback.page')}>{d.page ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('feedback.createdAt')}>{formatTime(d.createdAt)}</Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="feedback-content">
            {d.content}
          </Typography.Paragraph>
          {d.screenshots.length > 0 && (
            <Image.PreviewGroup>
              <Flex gap={8} wrap data-testid="feedback-screenshots">
                {d.screenshots.map((shot) => (
                  // a short-lived signed URL of the upload service; click previews the group
                  <Image
                    key={shot.id}
                    src={shot.url}
                    alt={shot.name}
                    width={96}
                    height={96}
                    style={{ objectFit: 'cover' }}
                  />
                ))}
              </Flex>
            </Image.PreviewGroup>
          )}
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('feedback.replies')}
          </Typography.Title>
          {d.replies.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('feedback.noReplies')} />
          ) : (
            <Timeline
              items={d.replies.map((r) => ({
                key: r.id,
                children: (
                  <Flex vertical data-testid="feedback-reply">
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {r.userName} · {formatTime(r.createdAt)}
                    </Typography.Text>
                    <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{r.content}</Typography.Text>
                  </Flex>
                ),
              }))}
            />
          )}
          {manage && d.status !== 'closed' && (
            <Flex vertical gap={8}>
              <Input.TextArea
                value={reply}
                onChange={(e) => setReply(e.target.value)}
                maxLength={2000}
                showCount
                autoSize={{ minRows: 3, maxRows: 8 }}
                placeholder={t('feedback.replyPlaceholder')}
                data-testid="feedback-reply-input"
                // the character count sits under the box: room for it above the buttons
                style={{ marginBottom: 20 }}
              />
              <Flex justify="space-between" align="center">
                <Checkbox checked={closeToo} onChange={(e) => setCloseToo(e.target.checked)}>
                  {t('feedback.closeWithReply')}
                </Checkbox>
                <Flex gap={8}>
                  <Button onClick={() => close.mutate()} loading={close.isPending} data-testid="feedback-close">
                    {t('feedback.close')}
                  </Button>
                  <Button
                    type="primary"
                    disabled={!reply.trim()}
                    loading={send.isPending}
                    onClick={() => send.mutate()}
                    data-testid="feedback-reply-send"
                  >
                    {t('feedback.reply')}
                  </Button>
                </Flex>
              </Flex>
            </Flex>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
