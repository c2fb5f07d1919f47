import { MAX_RECALL_DAYS, RECALL_DLR_STATES, recallTaskCreate } from '@portal/contracts/traffic';
import { DatePicker, Form, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RecordSelect } from '../../platform/fields/RecordSelect';
import { zodRule } from '../../platform/form';
import { FormModal } from '../../platform/ui/FormModal';
import { trafficApi, trafficKeys } from './api';
import type { Range } from './shared';

type Values = { accountId: number; window: Range; channelId: number; states: (typeof RECALL_DLR_STATES)[number][] };

/**
 * A new auto-recall task: an account's failed messages of a past window (at most 7 days) go out
 * again by another SMS channel. Opened from the recall task screen and from the SMS send records.
 */
export function RecallTaskModal({
  open,
  onClose,
  accountId,
}: {
  open: boolean;
  onClose: () => void;
  accountId?: number;
}) {
  const { t } = useTranslation();
  const f = recallTaskCreate.shape;
  return (
    <FormModal<Values>
      open={open}
      onClose={onClose}
      title={t('traffic.twoway.recallTitle')}
      successMessage={t('traffic.twoway.recallCreated')}
      invalidate={trafficKeys.recallTasks}
      width={520}
      initialValues={{
        accountId,
        window: [dayjs().startOf('day'), dayjs().startOf('minute')],
        states: [...RECALL_DLR_STATES],
      }}
      onSubmit={(v) =>
        trafficApi.createRecallTask({
          accountId: v.accountId,
          from: v.window[0].toISOString(),
          to: v.window[1].toISOString(),
          channelId: v.channelId,
          states: v.states,
        })
      }
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('traffic.twoway.recallNote')}
      </Typography.Paragraph>
      <Form.Item
        name="accountId"
        label={t('traffic.account')}
        required
        rules={[zodRule(f.accountId, t('traffic.account'))]}
      >
        <RecordSelect kind="account" style={{ width: 240 }} />
      </Form.Item>
      <Form.Item
        name="window"
        label={t('traffic.twoway.window')}
        rules={[
          { required: true, message: t('traffic.rangeRequired') },
          {
            validator: async (_r, v?: Range) => {
              if (v && v[1].diff(v[0], 'day', true) > MAX_RECALL_DAYS)
                throw new Error(t('traffic.rangeTooLong', { days: MAX_RECALL_DAYS }));
            },
          },
        ]}
      >
        <DatePicker.RangePicker
          showTime
          allowClear={false}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item
        name="channelId"
        label={t('traffic.twoway.recallChannel')}
        required
        rules={[zodRule(f.channelId, t('traffic.twoway.recallChannel'))]}
      >
        <RecordSelect kind="channel" style={{ width: 240 }} />
      </Form.Item>
      <Form.Item
        name="states"
        label={t('traffic.twoway.dlrStates')}
        rules={[{ required: true, type: 'array', min: 1 }]}
      >
        <Select
          mode="multiple"
          options={RECALL_DLR_STATES.map((s) => ({ value: s, label: t(`traffic.statuses.${s}`) }))}
        />
      </Form.Item>
    </FormModal>
  );
}
