import { myFeedbackResource } from '@portal/contracts/feedback';
import { Badge, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ResourceOverrides } from '../../platform/resource/overrides';
import { ResourceList } from '../../platform/resource/ResourceList';
import { FeedbackDetailDrawer } from './FeedbackDetailDrawer';
import { useFeedbackDialog } from './feedback-dialog-store';

/** /csc/feedbackmanagement/feedback: my feedback and the answers to it (?id= opens one). */
export function MyFeedbackScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const fromLink = Number(params.get('id'));
  const [openId, setOpenId] = useState<number | null>(Number.isInteger(fromLink) && fromLink > 0 ? fromLink : null);
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      // a reply I have not opened yet
      cells: {
        content: (v, row) =>
          row.unseenReply ? (
            <Badge dot offset={[6, 0]}>
              {String(v)}
            </Badge>
          ) : (
            String(v)
          ),
      },
      rowActions: (r) => [
        { key: 'view', label: t('feedback.view'), onClick: () => setOpenId(r.id), testId: 'feedback-view' },
      ],
      toolbar: (
        <Button type="primary" onClick={() => useFeedbackDialog.getState().show(null)} data-testid="feedback-new">
          {t('feedback.new')}
        </Button>
      ),
    }),
    [t],
  );
  return (
    <>
      <ResourceList def={myFeedbackResource} overrides={overrides} />
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
