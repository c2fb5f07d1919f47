import type { InstanceStatus, TaskStatus } from '@portal/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const INSTANCE_COLORS: Record<InstanceStatus, string> = {
  running: 'processing',
  returned: 'warning',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
};
const TASK_COLORS: Record<TaskStatus, string> = {
  pending: 'processing',
  agreed: 'success',
  rejected: 'error',
  transmitted: 'purple',
  cancelled: 'default',
};

/** A request's state as a coloured tag. */
export function InstanceStatusTag({ status }: { status: InstanceStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={INSTANCE_COLORS[status]} data-testid="instance-status" data-status={status}>
      {t(`approval.status.${status}`)}
    </Tag>
  );
}

/** A task's state as a coloured tag. */
export function TaskStatusTag({ status }: { status: TaskStatus }) {
  const { t } = useTranslation();
  return <Tag color={TASK_COLORS[status]}>{t(`approval.taskStatus.${status}`)}</Tag>;
}
