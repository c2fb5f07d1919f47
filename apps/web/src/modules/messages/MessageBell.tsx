import { BellOutlined } from '@ant-design/icons';
import type { MessageRow } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Empty, Flex, List, Popover, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLive } from '../../platform/live/live-store';
import { shellApi } from '../../shell/shell-api';
import { messageKeys, messagesApi } from './api';
import { useOpenMessage } from './use-open-message';

const UNREAD_QUERY_KEY = ['shell', 'unread'] as const;
const NOTIFICATION_PATH = '/message/notification';

function Latest({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useOpenMessage();
  const latest = useQuery({ queryKey: messageKeys.latest, queryFn: () => messagesApi.latest(8) });
  return (
    <Flex vertical style={{ width: 340 }} data-testid="bell-popover">
      <List<MessageRow>
        size="small"
        loading={latest.isPending}
        dataSource={latest.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.none')} /> }}
        style={{ maxHeight: 360, overflow: 'auto' }}
        renderItem={(m) => (
          <List.Item
            style={{ cursor: 'pointer', paddingInline: 8 }}
            onClick={() => {
              onDone();
              void open(m);
            }}
            data-testid="bell-item"
          >
            <Flex vertical style={{ minWidth: 0, width: '100%' }}>
              <Flex justify="space-between" align="center" gap={8}>
                <Flex align="center" gap={6} style={{ minWidth: 0 }}>
                  <Badge status={m.status === 0 ? 'processing' : 'default'} />
                  <Typography.Text strong={m.status === 0} ellipsis>
                    {m.title}
                  </Typography.Text>
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
                  {dayjs(m.createdAt).format('MM-DD HH:mm')}
                </Typography.Text>
              </Flex>
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                {m.content}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
      <Button
        type="link"
        block
        onClick={() => {
          onDone();
          void navigate(NOTIFICATION_PATH);
        }}
        data-testid="bell-view-all"
      >
        {t('messages.viewAll')}
      </Button>
    </Flex>
  );
}

/** The header bell: a dot while anything is unread; the popover lists the latest messages. */
export function MessageBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const live = useLive((s) => s.state);
  const unread = useQuery({
    queryKey: UNREAD_QUERY_KEY,
    queryFn: shellApi.unread,
    staleTime: 60_000,
    refetchInterval: 120_000,
  });
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      title={t('messages.latest')}
      content={open ? <Latest onDone={() => setOpen(false)} /> : null}
    >
      <Button
        type="text"
        aria-label={t('header.notifications')}
        data-testid="header-bell"
        data-live-state={live}
        icon={
          <Badge dot={unread.data === true} offset={[-2, 2]} data-testid={unread.data ? 'header-bell-dot' : undefined}>
            <BellOutlined style={{ fontSize: 17 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
