import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Flex, Popover, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLive } from '../../platform/live/live-store';
import { messageKeys, messagesApi } from './api';

// the list (antd List with its pagination) loads on the first open: the bell itself is in every shell page
const Latest = lazy(() => import('./BellLatest'));

/** The header bell: a dot while anything is unread; the popover lists the latest messages. */
export function MessageBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const live = useLive((s) => s.state);
  const unread = useQuery({
    queryKey: messageKeys.unread,
    queryFn: messagesApi.unread,
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
      content={
        open ? (
          <Suspense
            fallback={
              <Flex justify="center" align="center" style={{ width: 340, minHeight: 96 }}>
                <Spin size="small" />
              </Flex>
            }
          >
            <Latest onDone={() => setOpen(false)} />
          </Suspense>
        ) : null
      }
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
