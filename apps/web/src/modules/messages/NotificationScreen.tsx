import { messageResource } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceOverrides } from '../../platform/resource/overrides';
import { ResourceList } from '../../platform/resource/ResourceList';
import { messagesApi, refreshMessages } from './api';
import { type OpenedMessage, useOpenMessage } from './use-open-message';

/**
 * /message/notification: my messages on the resource kernel (filters by type, state, keyword and
 * time from the definition), marked read one by one or all at once, opened at their source.
 */
export function NotificationScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const open = useOpenMessage();
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      rowActions: (row) => {
        const r = row as unknown as OpenedMessage;
        return [
          ...(r.link
            ? [{ key: 'open', label: t('messages.open'), onClick: () => open(r), testId: 'message-open' }]
            : []),
          ...(r.status === 0
            ? [
                {
                  key: 'read',
                  label: t('messages.markRead'),
                  onClick: () => messagesApi.markRead([r.id]).then(() => refreshMessages(queryClient)),
                  testId: 'message-read',
                },
              ]
            : []),
        ];
      },
      toolbar: (
        <Popconfirm
          title={t('messages.readAllConfirm')}
          onConfirm={async () => {
            const { changed } = await messagesApi.readAll();
            message.success(t('messages.readAllDone', { count: changed }));
            await refreshMessages(queryClient);
          }}
        >
          <Button data-testid="message-read-all">{t('messages.readAll')}</Button>
        </Popconfirm>
      ),
    }),
    [t, open, message, queryClient],
  );
  return <ResourceList def={messageResource} overrides={overrides} />;
}
