import { MAX_COMMENT_LENGTH } from '@portal/contracts/history';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Mentions } from 'antd';
import { useDeferredValue, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { historyApi, historyKeys, type RecordRef } from './api';
import { mentionedIds } from './text';

/**
 * A comment with @mentions: typing `@` searches the colleagues who may read this record; those
 * whose `@name` is still in the text when it is sent are mentioned (and notified by the server).
 */
export function CommentComposer({ record }: { record: RecordRef }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [search, setSearch] = useState<string | null>(null);
  const keyword = useDeferredValue(search ?? '');
  const picked = useRef(new Map<number, string>());
  const candidates = useQuery({
    queryKey: historyKeys.mentionable(record, keyword),
    queryFn: ({ signal }) => historyApi.mentionable(record, keyword, signal),
    enabled: search !== null,
    staleTime: 30_000,
  });
  const send = useMutation({
    mutationFn: () => historyApi.comment(record, { body: text.trim(), mentions: mentionedIds(text, picked.current) }),
    onSuccess: async (res) => {
      setText('');
      picked.current.clear();
      message.success(
        res.notified.length
          ? `${t('history.comment.sent')}，${t('history.comment.notified', { count: res.notified.length })}`
          : t('history.comment.sent'),
      );
      await queryClient.invalidateQueries({ queryKey: historyKeys.timeline(record) });
    },
  });
  return (
    <Flex vertical gap={8}>
      <Mentions
        rows={2}
        maxLength={MAX_COMMENT_LENGTH}
        value={text}
        onChange={setText}
        onSearch={(s) => setSearch(s)}
        onSelect={(option) => {
          const user = candidates.data?.find((u) => u.name === option.value);
          if (user) picked.current.set(user.id, user.name);
        }}
        loading={candidates.isFetching}
        placeholder={t('history.comment.placeholder')}
        options={(candidates.data ?? []).map((u) => ({
          key: String(u.id),
          value: u.name,
          label: `${u.name} (${u.jobNumber})`,
        }))}
        data-testid="history-comment-input"
      />
      <Flex justify="end">
        <Button
          type="primary"
          onClick={() => send.mutate()}
          disabled={!text.trim()}
          loading={send.isPending}
          data-testid="history-comment-send"
        >
          {t('history.comment.send')}
        </Button>
      </Flex>
    </Flex>
  );
}
