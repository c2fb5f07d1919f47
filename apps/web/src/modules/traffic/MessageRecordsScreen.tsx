import { type MESSAGE_STATES, type MessageKind, UPDATE_STATES, WA_CATEGORIES } from '@portal/contracts/traffic';
import { Button, Form, Input, Select, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordSelect } from '../../platform/fields/RecordSelect';
import { SearchTable } from '../../platform/ui/SearchTable';
import { type MessageRow, trafficApi, trafficKeys } from './api';
import { MessageTimelineDrawer } from './MessageTimelineDrawer';
import {
  accountColumn,
  amountColumn,
  MESSAGE_STATE_COLOR,
  num,
  type Range,
  RangeItem,
  rangedSearch,
  timeColumn,
} from './shared';
import { TimelineDrawer } from './TimelineDrawer';

type MessageFilters = {
  range?: Range;
  from?: string;
  to?: string;
  accountId?: number;
  party?: string;
  state?: (typeof MESSAGE_STATES)[number];
  conversationId?: string;
  category?: (typeof WA_CATEGORIES)[number];
};
/** the states each kind can be in (the state filter offers these) */
const KIND_STATES: Record<MessageKind, readonly (typeof MESSAGE_STATES)[number][]> = {
  ...UPDATE_STATES,
  mo: ['received'],
};

/** One kind of the other records: WhatsApp messages, mail sends, two-way (MO) messages with the message they answer. */
export function MessageRecordsScreen({ kind }: { kind: MessageKind }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<{ messageId: string; submitAt: string } | null>(null);
  const [states, setStates] = useState<{ id: string; at: string } | null>(null);
  const [totals, setTotals] = useState<{ records: number; revenue: string; cost: string }>();
  const columns = useMemo<TableColumnsType<MessageRow>>(
    () => [
      timeColumn('at', t(kind === 'mo' ? 'traffic.receivedAt' : 'traffic.sentAt')),
      {
        key: 'id',
        dataIndex: 'id',
        title: t('traffic.recordId'),
        width: 190,
        // a WhatsApp message or mail opens its state updates; an MO has none (its answered message opens instead)
        render: (id: string, r: MessageRow) =>
          kind === 'mo' ? (
            id
          ) : (
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setStates({ id, at: r.at })}>
              {id}
            </Button>
          ),
      },
      accountColumn(t),
      { key: 'from', dataIndex: 'from', title: t(`traffic.from.${kind}`), width: kind === 'mail' ? 220 : 140 },
      { key: 'to', dataIndex: 'to', title: t(`traffic.to.${kind}`), width: kind === 'mail' ? 220 : 140 },
      ...(kind === 'mail'
        ? [{ key: 'subject', dataIndex: 'subject', title: t('traffic.subject'), width: 200, ellipsis: true }]
        : [{ key: 'country', dataIndex: 'country', title: t('traffic.country'), width: 70 }]),
      ...(kind === 'whatsapp'
        ? [
            {
              key: 'category',
              dataIndex: 'category',
              title: t('traffic.category'),
              width: 110,
              render: (v: string | null) => (v ? t(`traffic.categories.${v}` as 'traffic.categories.utility') : '-'),
            },
            {
              key: 'conversationId',
              dataIndex: 'conversationId',
              title: t('traffic.conversation'),
              width: 150,
              responsive: ['lg' as const],
            },
          ]
        : []),
      ...(kind === 'mo'
        ? [
            { key: 'length', dataIndex: 'length', title: t('traffic.length'), width: 70, align: 'right' as const },
            {
              key: 'replyTo',
              title: t('traffic.replyTo'),
              width: 190,
              render: (_: unknown, r: MessageRow) =>
                r.replyTo && r.replyToAt ? (
                  <Button
                    type="link"
                    size="small"
                    style={{ padding: 0 }}
                    onClick={() => setOpen({ messageId: r.replyTo!, submitAt: r.replyToAt! })}
                  >
                    {r.replyTo}
                  </Button>
                ) : (
                  (r.replyTo ?? '-')
                ),
            },
          ]
        : [
            {
              key: 'state',
              title: t('traffic.status'),
              width: 100,
              render: (_: unknown, r: MessageRow) => (
                <Tag color={MESSAGE_STATE_COLOR[r.state] ?? 'default'}>
                  {t(`traffic.messageStates.${r.state}` as 'traffic.messageStates.sent', { defaultValue: r.state })}
                </Tag>
              ),
            },
            timeColumn<MessageRow>('stateAt', t('traffic.stateAt'), { responsive: ['md'] }),
            { key: 'error', dataIndex: 'error', title: t('traffic.dlrError'), width: 90, responsive: ['md' as const] },
            amountColumn<MessageRow, 'price'>('price', t('traffic.price'), (r) => r.currency),
          ]),
    ],
    [t, kind],
  );
  return (
    <>
      <SearchTable<MessageRow, MessageFilters>
        queryKey={trafficKeys.messages(kind)}
        {...rangedSearch(async (q, signal) => {
          const res = await trafficApi.messages(kind, q, signal);
          setTotals(res.totals);
          return res;
        })}
        columns={columns}
        rowKey="id"
        size="small"
        scrollX={1300}
        title={
          totals
            ? t(kind === 'mo' ? 'traffic.moTotals' : 'traffic.messageTotals', {
                records: num(totals.records),
                revenue: num(totals.revenue),
                cost: num(totals.cost),
              })
            : null
        }
        filters={
          <>
            <RangeItem />
            <Form.Item name="party" label={t(kind === 'mail' ? 'traffic.address' : 'traffic.number')}>
              <Input allowClear style={{ width: kind === 'mail' ? 220 : 160 }} />
            </Form.Item>
            <Form.Item name="accountId" label={t('traffic.account')}>
              <RecordSelect kind="account" style={{ width: 200 }} />
            </Form.Item>
            {kind !== 'mo' ? (
              <Form.Item name="state" label={t('traffic.status')}>
                <Select
                  allowClear
                  style={{ width: 120 }}
                  options={KIND_STATES[kind].map((v) => ({ value: v, label: t(`traffic.messageStates.${v}`) }))}
                />
              </Form.Item>
            ) : null}
            {kind === 'whatsapp' ? (
              <>
                <Form.Item name="category" label={t('traffic.category')}>
                  <Select
                    allowClear
                    style={{ width: 130 }}
                    options={WA_CATEGORIES.map((v) => ({ value: v, label: t(`traffic.categories.${v}`) }))}
                  />
                </Form.Item>
                <Form.Item name="conversationId" label={t('traffic.conversation')}>
                  <Input allowClear style={{ width: 160 }} />
                </Form.Item>
              </>
            ) : null}
          </>
        }
      />
      <TimelineDrawer row={open} onClose={() => setOpen(null)} />
      {kind !== 'mo' ? <MessageTimelineDrawer kind={kind} row={states} onClose={() => setStates(null)} /> : null}
    </>
  );
}

/** /businessInquiry/send-query/wa-send-record */
export function WhatsAppRecordsScreen() {
  return <MessageRecordsScreen kind="whatsapp" />;
}

/** /businessInquiry/mailSendingRecord */
export function MailRecordsScreen() {
  return <MessageRecordsScreen kind="mail" />;
}

/** /businessInquiry/sms-bidirectional: the answers handsets sent, each with the message it answers (its timeline) */
export function TwoWayScreen() {
  return <MessageRecordsScreen kind="mo" />;
}

// the screens of decision 0106 ride in this chunk (the route map adds no import site: the shell's budget)
export { AppointmentsScreen } from './AppointmentsScreen';
export { RecallTasksScreen } from './RecallTasksScreen';
export { TwoWayReviewScreen } from './TwoWayReviewScreen';
export { TwoWayRulesScreen } from './TwoWayRulesScreen';
export { TwoWayTasksScreen } from './TwoWayTasksScreen';
