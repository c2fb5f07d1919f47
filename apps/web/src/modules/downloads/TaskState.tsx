import type { ExportTaskRow } from '@portal/contracts';
import { Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ExportTaskRow['state'], string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  expired: 'warning',
};

/** State of an export task: a tag, progress while running, the reason when failed. */
export function TaskState({ row }: { row: ExportTaskRow }) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={COLORS[row.state]} data-testid={`task-state-${row.id}`} data-state={row.state}>
      {t(`downloads.state.${row.state}`)}
    </Tag>
  );
  if (row.state === 'running' && row.stalled) {
    // the worker's heartbeat stopped: frozen progress would mislead; the row offers a retry
    return (
      <Tag color="warning" data-testid={`task-state-${row.id}`} data-state="stalled">
        {t('downloads.state.stalled')}
      </Tag>
    );
  }
  if (row.state === 'running') {
    return (
      <Space size={8}>
        {tag}
        <Progress percent={row.progress} size="small" style={{ width: 110, margin: 0 }} />
      </Space>
    );
  }
  if (row.state === 'failed' && row.reason) {
    return (
      <Space size={4} direction="vertical">
        {tag}
        <Tooltip title={row.reason}>
          <Typography.Text type="danger" ellipsis style={{ maxWidth: 260, fontSize: 12 }}>
            {row.reason}
          </Typography.Text>
        </Tooltip>
      </Space>
    );
  }
  return tag;
}
