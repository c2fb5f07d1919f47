import { type InstanceDetail, LIVE_RESOURCES } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Empty, Flex, Row, Skeleton, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatTime } from '../../platform/format-time';
import { RecordTimeline } from '../../platform/history/RecordTimeline';
import { useLiveRefresh } from '../../platform/live/use-live-refresh';
import { ActionDialog, type ActionKind } from './ActionDialog';
import { approvalApi, approvalKeys } from './api';
import { CommentBox } from './CommentBox';
import { FormDataView } from './FormDataView';
import { instanceFlow } from './flow-model';
import { approvalEntries } from './history-entries';
import { LazyFlow } from './LazyFlow';
import { SUBMIT_PATH } from './SponsorScreen';
import { InstanceStatusTag, TaskStatusTag } from './StatusTag';

function Actions({ detail, onAction }: { detail: InstanceDetail; onAction: (k: ActionKind) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const v = detail.viewer;
  return (
    <Space wrap data-testid="profile-actions">
      {v.canAgree && (
        <Button type="primary" onClick={() => onAction('agree')} data-testid="action-agree">
          {t('approval.action.agree')}
        </Button>
      )}
      {v.canReject && (
        <Button danger onClick={() => onAction('reject')} data-testid="action-reject">
          {t('approval.action.reject')}
        </Button>
      )}
      {v.canTransmit && (
        <Button onClick={() => onAction('transmit')} data-testid="action-transmit">
          {t('approval.action.transmit')}
        </Button>
      )}
      {v.canResubmit && (
        <Button
          type="primary"
          onClick={() => void navigate(`${SUBMIT_PATH}?instanceId=${detail.id}`)}
          data-testid="action-resubmit"
        >
          {t('approval.action.resubmit')}
        </Button>
      )}
      {v.canWithdraw && (
        <Button danger onClick={() => onAction('withdraw')} data-testid="action-withdraw">
          {t('approval.action.withdraw')}
        </Button>
      )}
    </Space>
  );
}

function Tasks({ detail }: { detail: InstanceDetail }) {
  const open = detail.tasks.filter((x) => x.status === 'pending');
  if (open.length === 0) return null;
  return (
    <Space wrap size={4}>
      {open.map((x) => (
        <span key={x.id}>
          {x.assigneeName} <TaskStatusTag status={x.status} />
        </span>
      ))}
    </Space>
  );
}

/** /general/<list>/profile?id=…: a request with its form, drawn flow, timeline and my actions. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const [action, setAction] = useState<ActionKind | null>(null);
  const detail = useQuery({
    queryKey: approvalKeys.detail(id),
    queryFn: () => approvalApi.detail(id),
    enabled: id > 0,
  });
  useLiveRefresh(LIVE_RESOURCES.approvalInstances, approvalKeys.detail(id));
  const d = detail.data;
  const boxes = useMemo(
    () =>
      d
        ? instanceFlow({
            route: d.route,
            passed: d.passedNodeKeys,
            current: d.currentNodeKey,
            status: d.status,
            labels: {
              start: t('approval.flowStart'),
              end: t('approval.flowEnd'),
              initiator: d.initiatorName,
              statusText: t(`approval.status.${d.status}`),
            },
          })
        : [],
    [d, t],
  );
  if (!id || detail.isError) return <Empty description={t('approval.notFound')} />;
  if (!d) return <Skeleton active />;
  return (
    <Row gutter={[12, 12]} data-testid="profile" data-instance={d.id}>
      <Col xs={24} xl={16}>
        <Flex vertical gap={12}>
          <Card
            size="small"
            title={
              <Flex gap={8} align="center" wrap style={{ minWidth: 0 }}>
                <Typography.Text strong ellipsis data-testid="profile-title">
                  {d.title}
                </Typography.Text>
                <InstanceStatusTag status={d.status} />
              </Flex>
            }
            extra={<Actions detail={d} onAction={setAction} />}
          >
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
              <Descriptions.Item label={t('approval.process')}>
                {d.processName} · v{d.version}
              </Descriptions.Item>
              <Descriptions.Item label={t('approval.initiator')}>{d.initiatorName}</Descriptions.Item>
              <Descriptions.Item label={t('approval.startedAt')}>{formatTime(d.createdAt)}</Descriptions.Item>
              <Descriptions.Item label={t('approval.currentNode')}>
                <span data-testid="profile-current">{d.currentNodeName ?? '-'}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('approval.waitingFor')}>
                <Tasks detail={d} />
              </Descriptions.Item>
              <Descriptions.Item label={t('approval.finishedAt')}>{formatTime(d.finishedAt)}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Card size="small" title={t('approval.formData')}>
            <FormDataView detail={d} />
          </Card>
          <Card size="small" title={t('approval.timeline')}>
            <RecordTimeline
              entries={approvalEntries(d.history, d.route, t)}
              footer={d.viewer.canComment && <CommentBox instanceId={d.id} />}
            />
          </Card>
        </Flex>
      </Col>
      <Col xs={24} xl={8}>
        <Card size="small" title={t('approval.flow')}>
          <LazyFlow boxes={boxes} />
        </Card>
      </Col>
      <ActionDialog kind={action} detail={d} onClose={() => setAction(null)} />
    </Row>
  );
}
