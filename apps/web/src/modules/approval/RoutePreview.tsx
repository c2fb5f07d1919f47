import type { RouteStep } from '@portal/contracts';
import { Empty, Steps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The route a request takes (planned at start): each node, its approvers, one-of or countersign, CC. */
export function RouteSteps({
  steps,
  passed = [],
  current,
}: {
  steps: RouteStep[];
  passed?: string[];
  current?: string | null;
}) {
  const { t } = useTranslation();
  if (steps.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('approval.routeEmpty')} />;
  const currentIndex = steps.findIndex((s) => s.nodeKey === current);
  return (
    <Steps
      orientation="vertical"
      size="small"
      current={currentIndex >= 0 ? currentIndex : passed.length}
      data-testid="route-steps"
      items={steps.map((s) => ({
        status: passed.includes(s.nodeKey) ? 'finish' : s.nodeKey === current ? 'process' : 'wait',
        title: (
          <span data-testid="route-step" data-node={s.nodeKey}>
            {s.name}{' '}
            {s.type === 'cc' ? (
              <Tag color="cyan">{t('approval.cc')}</Tag>
            ) : s.approvers.length > 1 ? (
              <Tag color={s.mode === 'all' ? 'purple' : 'blue'}>{t(`approval.mode.${s.mode}`)}</Tag>
            ) : null}
          </span>
        ),
        content: (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {s.approvers.map((a) => a.name).join('、') || '-'}
            {s.timeLimitHours ? ` · ${t('approval.timeLimit', { hours: s.timeLimitHours })}` : ''}
          </Typography.Text>
        ),
      }))}
    />
  );
}
