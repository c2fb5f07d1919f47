import { useMutation } from '@tanstack/react-query';
import { App, type ButtonProps, Flex, Input, Modal, Rate, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POPUP_Z_INDEX } from '../../platform/feedback';
import { shellApi } from '../shell-api';
import { questionFor } from './rating-policy';
import type { RatingRequest } from './rating-store';

export const COMMENT_MAX = 500;

/** The rating dialog: 1-5 stars and an optional comment for the current menu item. Loaded lazily. */
export default function RatingDialog({
  request,
  onClose,
}: {
  request: RatingRequest;
  /** rated: the score was submitted; otherwise the user closed the question without rating */
  onClose: (rated: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [score, setScore] = useState(0);
  const [content, setContent] = useState('');
  const submit = useMutation({
    mutationFn: () =>
      shellApi.commitScore({
        resourceId: request.resourceId,
        score,
        ...(content.trim() ? { content: content.trim() } : {}),
      }),
    onSuccess: () => {
      message.success(t('rating.thanks'));
      onClose(true);
    },
  });
  return (
    <Modal
      open
      title={t('rating.title')}
      okText={t('rating.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: score < 1, 'data-testid': 'rating-submit' } as ButtonProps}
      confirmLoading={submit.isPending}
      onOk={() => submit.mutate()}
      onCancel={() => onClose(false)}
      zIndex={POPUP_Z_INDEX}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="rating-dialog">
        <Typography.Text>{questionFor(request, i18n.language) ?? t('rating.question')}</Typography.Text>
        <Flex align="center" gap={12}>
          <Rate value={score} onChange={setScore} data-testid="rating-stars" />
          {score > 0 && (
            <Typography.Text type="secondary">{t(`rating.level${score}` as 'rating.level1')}</Typography.Text>
          )}
        </Flex>
        <Input.TextArea
          value={content}
          onChange={(e) => setContent(e.target.value)}
          maxLength={COMMENT_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder={t('rating.commentPlaceholder')}
          data-testid="rating-comment"
          style={{ marginBottom: 16 }}
        />
      </Flex>
    </Modal>
  );
}
