import { feedbackResource } from '@portal/contracts/feedback';
import { useQuery } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveRefresh } from '../../platform/live/use-live-refresh';
import type { ResourceOverrides } from '../../platform/resource/overrides';
import { ResourceList } from '../../platform/resource/ResourceList';
import { feedbackApi, feedbackKeys } from './api';
import { FeedbackDetailDrawer } from './FeedbackDetailDrawer';

/** /csc/feedbackmanagement/fb-list: every user's feedback (the resource's list); answered in the drawer. */
export function FeedbackListScreen() {
  const { t } = useTranslation();
  const [openId, setOpenId] = useState<number | null>(null);
  const questions = useQuery({
    queryKey: [...feedbackKeys.questions, 'all'],
    queryFn: () => feedbackApi.questions(true),
  });
  const pending = useQuery({ queryKey: feedbackKeys.unreplied, queryFn: feedbackApi.countUnReply });
  useLiveRefresh(feedbackResource.key, feedbackKeys.unreplied);
  const count = pending.data?.count ?? 0;
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      filters: {
        questionId: (
          <Select
            allowClear
            placeholder={t('common.all')}
            style={{ width: 140 }}
            options={(questions.data ?? []).map((q) => ({ value: q.id, label: q.name }))}
          />
        ),
      },
      rowActions: (r) => [
        {
          key: 'handle',
          label: r.status === 'closed' ? t('feedback.view') : t('feedback.handle'),
          onClick: () => setOpenId(r.id),
          testId: 'feedback-handle',
        },
      ],
      toolbar: count > 0 && (
        <Typography.Text type="warning" data-testid="feedback-pending">
          {t('feedback.pendingCount', { count })}
        </Typography.Text>
      ),
    }),
    [t, questions.data, count],
  );
  return (
    <>
      <ResourceList def={feedbackResource} overrides={overrides} />
      <FeedbackDetailDrawer id={openId} manage onClose={() => setOpenId(null)} />
    </>
  );
}
