import { useQuery } from '@tanstack/react-query';
import { Drawer, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { type SmsRow, type TimelineEntry, trafficApi, trafficKeys } from './api';
import { time } from './shared';

/** The submit and DLR reports of one message, every part, in time order. */
export function TimelineDrawer({
  row,
  onClose,
}: {
  row: Pick<SmsRow, 'messageId' | 'submitAt'> | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const q = row
    ? {
        messageId: row.messageId,
        from: dayjs(row.submitAt).subtract(1, 'hour').toISOString(),
        to: dayjs(row.submitAt).add(1, 'hour').toISOString(),
      }
    : null;
  const { data } = useQuery({
    queryKey: trafficKeys.timeline(row?.messageId ?? ''),
    queryFn: ({ signal }) => trafficApi.timeline(q!, signal),
    enabled: !!q,
  });
  return (
    <Drawer
      open={!!row}
      onClose={onClose}
      width="min(520px, 100vw)"
      title={
        <Typography.Text ellipsis={{ tooltip: true }}>
          {t('traffic.timelineOf', { id: row?.messageId ?? '' })}
        </Typography.Text>
      }
    >
      <Timeline
        items={(data ?? []).map((e: TimelineEntry) => ({
          color: e.kind === 'submit' ? 'blue' : e.state === 'delivered' ? 'green' : e.applied ? 'red' : 'gray',
          children: (
            <div
              key={`${e.kind}${e.part}${e.at}${e.state}`}
              data-testid="timeline-entry"
              style={{ overflowWrap: 'anywhere' }}
            >
              <Typography.Text strong>
                {time(e.at)} · {t('traffic.part')} {e.part} ·{' '}
                {e.kind === 'submit' ? t('traffic.submitStatus') : t('traffic.dlrState')}:{' '}
                {e.kind === 'submit'
                  ? e.state
                  : t(`traffic.statuses.${e.state}` as 'traffic.statuses.pending', { defaultValue: e.state })}
              </Typography.Text>
              {e.error ? <span> ({e.error})</span> : null}
              <div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('traffic.received', { at: time(e.receivedAt) })}
                  {e.kind === 'dlr' && !e.applied ? ` · ${t('traffic.overtaken')}` : ''}
                </Typography.Text>
              </div>
            </div>
          ),
        }))}
      />
    </Drawer>
  );
}
