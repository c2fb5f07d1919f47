import type { MessageRow } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Empty, Flex, List, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageKeys, messagesApi } from './api';
import { useOpenMessage } from './use-open-message';

const NOTIFICATION_PATH = '/message/notification';

/** The bell's popover: the latest messages (loaded when the bell first opens, with antd's List). */
export default function BellLatest({ onDone }: { onDone: () => void }) {
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
