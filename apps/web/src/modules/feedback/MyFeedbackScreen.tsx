import { FEEDBACK_STATUSES, type FeedbackRow, LIVE_RESOURCES } from '@portal/contracts';
import { Badge, Button, Form, Select, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { actionColumn } from '../../platform/ui/RowActions';
import { SearchTable } from '../../platform/ui/SearchTable';
import { feedbackApi, feedbackKeys } from './api';
import { FeedbackDetailDrawer } from './FeedbackDetailDrawer';
import { FeedbackStatusTag } from './FeedbackStatusTag';
import { useFeedbackDialog } from './feedback-dialog-store';

/** /csc/feedbackmanagement/feedback: my feedback and the answers to it (?id= opens one). */
export function MyFeedbackScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const fromLink = Number(params.get('id'));
  const [openId, setOpenId] = useState<number | null>(Number.isInteger(fromLink) && fromLink > 0 ? fromLink : null);
  const columns = useMemo<TableColumnsType<FeedbackRow>>(
    () => [
      { key: 'questionName', dataIndex: 'questionName', title: t('feedback.question'), width: 120 },
      {
        key: 'content',
        dataIndex: 'content',
        title: t('feedback.content'),
        ellipsis: true,
        render: (v: string, row) =>
          row.unseenReply ? (
            <Badge dot offset={[6, 0]}>
              {v}
            </Badge>
          ) : (
            v
          ),
      },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('feedback.statusLabel'),
        width: 100,
        render: (v: FeedbackRow['status']) => <FeedbackStatusTag status={v} />,
      },
      { key: 'replyCount', dataIndex: 'replyCount', title: t('feedback.replyCount'), width: 90 },
      {
        key: 'createdAt',
        dataIndex: 'createdAt',
        title: t('feedback.createdAt'),
        width: 160,
        sorter: true,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
      },
      actionColumn<FeedbackRow>(
        t('common.action'),
        (r) => [{ key: 'view', label: t('feedback.view'), onClick: () => setOpenId(r.id), testId: 'feedback-view' }],
        90,
      ),
    ],
    [t],
  );
  return (
    <>
      <SearchTable<FeedbackRow, { status?: FeedbackRow['status'] }>
        queryKey={feedbackKeys.mine}
        live={LIVE_RESOURCES.myFeedback}
        fetcher={(q, signal) => feedbackApi.myPage(q, signal)}
        columns={columns}
        rowKey="id"
        toolbar={
          <Button type="primary" onClick={() => useFeedbackDialog.getState().show(null)} data-testid="feedback-new">
            {t('feedback.new')}
          </Button>
        }
        filters={
          <Form.Item name="status" label={t('feedback.statusLabel')}>
            <Select
              allowClear
              placeholder={t('common.all')}
              style={{ width: 140 }}
              options={FEEDBACK_STATUSES.map((s) => ({ value: s, label: t(`feedback.status.${s}`) }))}
            />
          </Form.Item>
        }
      />
      <FeedbackDetailDrawer
        id={openId}
        manage={false}
        onClose={() => {
          setOpenId(null);
          if (params.has('id')) setParams({}, { replace: true });
        }}
      />
    </>
  );
}
