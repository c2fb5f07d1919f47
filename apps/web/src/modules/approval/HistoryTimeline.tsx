import type { HistoryEntry, RouteStep } from '@portal/contracts';
import { Flex, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

const COLORS: Partial<Record<HistoryEntry['action'], string>> = {
  start: 'blue',
  resubmit: 'blue',
  agree: 'green',
  approved: 'green',
  reject: 'red',
  withdraw: 'gray',
  transmit: 'purple',
  comment: 'gray',
  cc: 'cyan',
  remind: 'orange',
};

/** Who did what when, with their opinion: actions and comments in order. */
export function HistoryTimeline({ history, route }: { history: HistoryEntry[]; route: RouteStep[] }) {
  const { t } = useTranslation();
  // a send-back names its target: the initiator, the end, or an earlier node's key
  const target = (h: HistoryEntry) =>
    h.action === 'reject' && (h.targetUserName === 'initiator' || h.targetUserName === 'end')
      ? t(`approval.rejectTarget.${h.targetUserName}`)
      : h.action === 'reject'
        ? (route.find((s) => s.nodeKey === h.targetUserName)?.name ?? h.targetUserName)
        : h.targetUserName;
  return (
    <Timeline
      data-testid="history"
      items={history.map((h) => ({
        color: COLORS[h.action] ?? 'gray',
        content: (
          <Flex vertical gap={2} data-testid="history-item" data-action={h.action}>
            <Flex gap={8} wrap align="baseline">
              <Typography.Text strong>{h.userName ?? t('approval.system')}</Typography.Text>
              <Typography.Text>{t(`approval.history.${h.action}`)}</Typography.Text>
              {h.nodeName && <Typography.Text type="secondary">{h.nodeName}</Typography.Text>}
              {h.targetUserName && <Typography.Text type="secondary">→ {target(h)}</Typography.Text>}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {dayjs(h.createdAt).format('YYYY-MM-DD HH:mm')}
              </Typography.Text>
            </Flex>
            {h.opinion && (
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} data-testid="history-opinion">
                {h.opinion}
              </Typography.Paragraph>
            )}
          </Flex>
        ),
      }))}
    />
  );
}
