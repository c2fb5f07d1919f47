import { APPOINTMENT_STATES, TrafficPerm } from '@portal/contracts/traffic';
import { App, Button, Form, Input, Popconfirm, Select, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Can } from '../../platform/access';
import { RecordSelect } from '../../platform/fields/RecordSelect';
import { queryClient } from '../../platform/query-client';
import { SearchTable } from '../../platform/ui/SearchTable';
import { type AppointmentRow, trafficApi, trafficKeys } from './api';
import { accountColumn, numColumn, type Range, RangeItem, rangedSearch, StateTag, timeColumn } from './shared';

type Filters = {
  range?: Range;
  from?: string;
  to?: string;
  accountId?: number;
  senderId?: string;
  state?: (typeof APPOINTMENT_STATES)[number];
};

/** three days back to three days ahead: scheduled sends lie on both sides of now */
const aroundNow = (): Range => [dayjs().subtract(3, 'day').startOf('day'), dayjs().add(3, 'day').endOf('day')];

/** sendRcdQuery narrowed to a sent batch: from an hour before it went out to a day after */
function sentRecordsOf(r: AppointmentRow) {
  const at = dayjs(r.sentAt ?? r.scheduledAt);
  const q = new URLSearchParams({
    batchId: r.batchId,
    from: at.subtract(1, 'hour').toISOString(),
    to: at.add(1, 'day').toISOString(),
  });
  return `/businessInquiry/sendRcdQuery?${q}`;
}

/** /businessInquiry/sms-appointment-record: scheduled SMS sends of a range, a waiting one cancelled. */
export function AppointmentsScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const columns = useMemo<TableColumnsType<AppointmentRow>>(
    () => [
      timeColumn('scheduledAt', t('traffic.twoway.scheduledAt')),
      {
        key: 'batchId',
        title: t('traffic.twoway.batchId'),
        width: 170,
        // a batch that went out: its send records (decision 0131), from its time to a day after
        render: (_, r) =>
          r.state === 'sent' ? (
            <Link to={sentRecordsOf(r)} title={t('traffic.twoway.batchRecords')}>
              {r.batchId}
            </Link>
          ) : (
            r.batchId
          ),
      },
      accountColumn(t),
      { key: 'senderId', dataIndex: 'senderId', title: t('traffic.twoway.senderId'), width: 100 },
      numColumn('numbers', t('traffic.twoway.numbers'), 90),
      numColumn('segments', t('traffic.twoway.segments'), 90, { responsive: ['lg'] }),
      { key: 'state', title: t('traffic.twoway.state'), width: 100, render: (_, r) => <StateTag state={r.state} /> },
      timeColumn('createdAt', t('traffic.twoway.createdAt'), { responsive: ['lg'] }),
      timeColumn('sentAt', t('traffic.twoway.sentAt'), { responsive: ['md'] }),
      timeColumn('cancelledAt', t('traffic.twoway.cancelledAt'), { responsive: ['lg'] }),
      {
        key: 'actions',
        title: '',
        width: 100,
        fixed: 'right',
        render: (_, r) =>
          r.state === 'waiting' && dayjs(r.scheduledAt).isAfter(dayjs()) ? (
            <Can perm={TrafficPerm.APPOINTMENT_CANCEL}>
              <Popconfirm
                title={t('traffic.twoway.cancelConfirm')}
                onConfirm={async () => {
                  await trafficApi.cancelAppointment(r.id);
                  message.success(t('traffic.twoway.cancelled'));
                  await queryClient.invalidateQueries({ queryKey: trafficKeys.appointments });
                }}
              >
                <Button type="link" size="small" danger style={{ padding: 0 }}>
                  {t('traffic.twoway.cancel')}
                </Button>
              </Popconfirm>
            </Can>
          ) : null,
      },
    ],
    [t, message],
  );
  return (
    <SearchTable<AppointmentRow, Filters>
      queryKey={trafficKeys.appointments}
      {...rangedSearch((q, signal) => trafficApi.appointments(q, signal), aroundNow)}
      columns={columns}
      rowKey="id"
      size="small"
      scrollX={1300}
      exportPath="/v2/traffic/appointments/export"
      filters={
        <>
          <RangeItem />
          <Form.Item name="accountId" label={t('traffic.account')}>
            <RecordSelect kind="account" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="senderId" label={t('traffic.twoway.senderId')}>
            <Input allowClear maxLength={32} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="state" label={t('traffic.twoway.state')}>
            <Select
              allowClear
              style={{ width: 130 }}
              options={APPOINTMENT_STATES.map((s) => ({ value: s, label: t(`traffic.twoway.states.${s}`) }))}
            />
          </Form.Item>
        </>
      }
    />
  );
}
