import { FEEDBACK_STATUSES, type FeedbackRow, LIVE_RESOURCES, type ManageFeedbackQuery } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Select, type TableColumnsType, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveRefresh } from '../../platform/live/use-live-refresh';
import { actionColumn } from '../../platform/ui/RowActions';
import { SearchTable } from '../../platform/ui/SearchTable';
import { feedbackApi, feedbackKeys } from './api';
import { FeedbackDetailDrawer } from './FeedbackDetailDrawer';
import { FeedbackStatusTag } from './FeedbackStatusTag';

type Filters = Pick<ManageFeedbackQuery, 'status' | 'questionId' | 'keyword' | 'from' | 'to'>;

/**
 * The "sent at" range, kept in the search form as the list's own `from`/`to` (start of the first
 * day, end of the last), so the page and its export send the same query.
 */
function SentRange() {
  const form = Form.useFormInstance<Filters>();
  const from = Form.useWatch('from', form);
  const to = Form.useWatch('to', form);
  const value: [Dayjs, Dayjs] | null = from && to ? [dayjs(from), dayjs(to)] : null;
  return (
    <DatePicker.RangePicker
      style={{ width: 240 }}
      value={value}
      onChange={(range) =>
        form.setFieldsValue({
          from: range?.[0]?.startOf('day').toISOString(),
          to: range?.[1]?.endOf('day').toISOString(),
        })
      }
    />
  );
}

/** /csc/feedbackmanagement/fb-list: every user's feedback; answer and close. */
export function FeedbackListScreen() {
  const { t } = useTranslation();
  const [openId, setOpenId] = useState<number | null>(null);
  const questions = useQuery({
    queryKey: [...feedbackKeys.questions, 'all'],
    queryFn: () => feedbackApi.questions(true),
  });
  const pending = useQuery({ queryKey: feedbackKeys.unreplied, queryFn: feedbackApi.countUnReply });
  useLiveRefresh(LIVE_RESOURCES.feedback, feedbackKeys.unreplied);
  const columns = useMemo<TableColumnsType<FeedbackRow>>(
    () => [
      { key: 'userName', dataIndex: 'userName', title: t('feedback.author'), width: 110 },
      { key: 'questionName', dataIndex: 'questionName', title: t('feedback.question'), width: 110 },
      { key: 'content', dataIndex: 'content', title: t('feedback.content'), ellipsis: true },
      {
        key: 'page',
        dataIndex: 'page',
        title: t('feedback.page'),
        width: 160,
        ellipsis: true,
        render: (v: string | null) => v ?? '-',
      },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('feedback.statusLabel'),
        width: 100,
        render: (v: FeedbackRow['status']) => <FeedbackStatusTag status={v} />,
      },
      {
        key: 'createdAt',
        dataIndex: 'createdAt',
        title: t('feedback.createdAt'),
        width: 150,
        sorter: true,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
      },
      actionColumn<FeedbackRow>(
        t('common.action'),
        (r) => [
          {
            key: 'handle',
            label: r.status === 'closed' ? t('feedback.view') : t('feedback.handle'),
            onClick: () => setOpenId(r.id),
            testId: 'feedback-handle',
          },
        ],
        100,
      ),
    ],
    [t],
  );
  return (
    <>
      <SearchTable<FeedbackRow, Filters>
        queryKey={feedbackKeys.manage}
        live={LIVE_RESOURCES.feedback}
        fetcher={(q, signal) => feedbackApi.managePage(q, signal)}
        columns={columns}
        rowKey="id"
        exportPath="/v2/sys/staff/feedback/feedbackManagePage/export"
        title={
          pending.data?.count ? (
            <Typography.Text type="warning" data-testid="feedback-pending">
              {t('feedback.pendingCount', { count: pending.data.count })}
            </Typography.Text>
          ) : undefined
        }
        filters={
          <>
            <Form.Item name="status" label={t('feedback.statusLabel')}>
              <Select
                allowClear
                placeholder={t('common.all')}
                style={{ width: 120 }}
                options={FEEDBACK_STATUSES.map((s) => ({ value: s, label: t(`feedback.status.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="questionId" label={t('feedback.question')}>
              <Select
                allowClear
                placeholder={t('common.all')}
                style={{ width: 140 }}
                options={(questions.data ?? []).map((q) => ({ value: q.id, label: q.name }))}
              />
            </Form.Item>
            <Form.Item name="keyword" label={t('feedback.keyword')}>
              <Input allowClear maxLength={100} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item label={t('feedback.createdAt')}>
              <SentRange />
            </Form.Item>
            <Form.Item name="from" hidden>
              <Input />
            </Form.Item>
            <Form.Item name="to" hidden>
              <Input />
            </Form.Item>
          </>
        }
      />
      <FeedbackDetailDrawer id={openId} manage onClose={() => setOpenId(null)} />
    </>
  );
}
