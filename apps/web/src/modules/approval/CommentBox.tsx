import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { approvalApi, approvalKeys } from './api';

/** A comment on the request; it joins the timeline. */
export function CommentBox({ instanceId }: { instanceId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: () => approvalApi.comment(instanceId, text.trim()),
    onSuccess: async () => {
      setText('');
      message.success(t('approval.done.comment'));
      await queryClient.invalidateQueries({ queryKey: approvalKeys.detail(instanceId) });
    },
  });
  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        rows={2}
        maxLength={1000}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('approval.commentHint')}
        data-testid="comment-input"
      />
      <Flex justify="end">
        <Button
          onClick={() => send.mutate()}
          disabled={!text.trim()}
          loading={send.isPending}
          data-testid="comment-send"
        >
          {t('approval.action.comment')}
        </Button>
      </Flex>
    </Flex>
  );
}
