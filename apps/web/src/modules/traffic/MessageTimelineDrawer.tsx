import { useQuery } from '@tanstack/react-query';
import { Drawer, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { type MessageTimelineEntry, trafficApi, trafficKeys } from './api';
import { MESSAGE_STATE_COLOR, time } from './shared';

/** The send and every state update of one WhatsApp message or mail, by time; the state the record holds is marked. */
export function MessageTimelineDrawer({
  kind,
  row,
  onClose,
}: {
  kind: 'whatsapp' | 'mail';
  row: { id: string; at: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // the message's own day: its partition (the range rule); updates are looked up by id whatever their time
  const q = row
    ? {
        id: row.id,
        from: dayjs(row.at).subtract(1, 'hour').toISOString(),
        to: dayjs(row.at).add(1, 'hour').toISOString(),
      }
    : null;
  const { data } = useQuery({
    queryKey: trafficKeys.messageTimeline(kind, row?.id ?? ''),
    queryFn: ({ signal }) => trafficApi.messageTimeline(kind, q!, signal),
    enabled: !!q,
  });
  return (
    <Drawer
      open={!!row}
      onClose={onClose}
      width="min(520px, 100vw)"
      title={
        <Typography.Text ellipsis={{ tooltip: true }}>
          {t('traffic.stateTimelineOf', { id: row?.id ?? '' })}
        </Typography.Text>
      }
    >
      <Timeline
        items={(data ?? []).map((e: MessageTimelineEntry) => ({
          color:
            e.kind === 'send'
              ? 'blue'
              : e.current
                ? MESSAGE_STATE_COLOR[e.state] === 'error'
                  ? 'red'
                  : 'green'
                : 'gray',
          children: (
            <div key={`${e.kind}${e.at}${e.state}`} data-testid="timeline-entry" style={{ overflowWrap: 'anywhere' }}>
              <Typography.Text strong>
                {time(e.at)} ·{' '}
                {e.kind === 'send'
                  ? t('traffic.sentAt')
                  : t(`traffic.messageStates.${e.state}` as 'traffic.messageStates.sent', { defaultValue: e.state })}
              </Typography.Text>
              {e.error ? <span> ({e.error})</span> : null}
              {e.current ? (
                <Tag color={MESSAGE_STATE_COLOR[e.state] ?? 'default'} style={{ marginInlineStart: 8 }}>
                  {t('traffic.currentState')}
                </Tag>
              ) : null}
              <div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('traffic.received', { at: time(e.receivedAt) })}
                </Typography.Text>
              </div>
            </div>
          ),
        }))}
      />
    </Drawer>
  );
}
