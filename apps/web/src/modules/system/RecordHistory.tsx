import { Perm } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../platform/access';
import { settingsApi } from './settings-api';

/**
 * The changes of one record (`<kind>:<id>`) as the system log recorded them: who, when, what, with
 * what result (`under`: the query key of the record's screen). Stands in for the record history timeline until record_events lands.
 */
export function RecordHistory({ subject, under }: { subject: string; under: readonly unknown[] }) {
  const { t } = useTranslation();
  const canRead = useCan(Perm.SYS_LOG);
  const { data, isFetching } = useQuery({
    // under the record's own key: whatever refreshes the record refreshes its history
    queryKey: [...under, 'history', subject],
    queryFn: ({ signal }) => settingsApi.logPage({ subject, size: 50 }, signal),
    enabled: canRead,
  });
  if (!canRead) return <Typography.Text type="secondary">{t('systemSettings.historyNeedsLog')}</Typography.Text>;
  if (isFetching && !data) return <Spin />;
  if (!data?.records.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      data-testid="record-history"
      items={data.records.map((e) => ({
        color: e.statusCode < 400 ? 'green' : 'red',
        children: (
          <div>
            <Typography.Text strong>{e.username ?? t('common.empty')}</Typography.Text>{' '}
            <Typography.Text type="secondary">{dayjs(e.at).format('YYYY-MM-DD HH:mm:ss')}</Typography.Text>
            <div>
              {e.summary ?? e.path}{' '}
              {e.statusCode < 400 ? (
                <Tag color="success">{t('systemLog.success')}</Tag>
              ) : (
                <Tag color="error">{e.resultCode ?? e.statusCode}</Tag>
              )}
            </div>
          </div>
        ),
      }))}
    />
  );
}
