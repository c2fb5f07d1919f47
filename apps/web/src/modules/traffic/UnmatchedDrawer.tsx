import { DLR_STATES, MESSAGE_STATES, UNMATCHED_KINDS } from '@portal/contracts/traffic';
import { Drawer, Form, Input, Select, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchTable } from '../../platform/ui/SearchTable';
import { trafficApi, trafficKeys, type UnmatchedFilters, type UnmatchedRow } from './api';
import { RangeItem, rangeQuery, timeColumn, today } from './shared';

const STATES = [...new Set([...DLR_STATES, ...MESSAGE_STATES])];
/** a DLR state or a WhatsApp / mail state in the reader's language */
const stateLabel = (t: TFunction, s: string) =>
  t(`traffic.messageStates.${s}` as 'traffic.messageStates.sent', {
    defaultValue: t(`traffic.statuses.${s}` as 'traffic.statuses.pending', { defaultValue: s }),
  });

/**
 * The SMS DLRs and WhatsApp / mail state lines kept without their message (our id not known yet),
 * received in a range: filters, paging and the export. An update leaves the list once its message comes.
 */
export function UnmatchedDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const columns = useMemo<TableColumnsType<UnmatchedRow>>(
    () => [
      timeColumn('receivedAt', t('traffic.receivedAt')),
      {
        key: 'kind',
        dataIndex: 'kind',
        title: t('traffic.unmatched.kind'),
        width: 110,
        render: (k: UnmatchedRow['kind']) => t(`traffic.unmatched.kinds.${k}`),
      },
      { key: 'messageId', dataIndex: 'messageId', title: t('traffic.messageId'), width: 200 },
      { key: 'part', dataIndex: 'part', title: t('traffic.part'), width: 60, align: 'right' },
      {
        key: 'state',
        dataIndex: 'state',
        title: t('traffic.status'),
        width: 110,
        render: (s: string) => stateLabel(t, s),
      },
      { key: 'error', dataIndex: 'error', title: t('traffic.dlrError'), width: 90 },
      timeColumn('dlrAt', t('traffic.stateAt')),
      {
        key: 'supplierMessageId',
        dataIndex: 'supplierMessageId',
        title: t('traffic.unmatched.supplierId'),
        width: 160,
        responsive: ['lg'],
      },
    ],
    [t],
  );
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width="min(1100px, 100vw)"
      title={t('traffic.unmatched.title')}
      destroyOnHidden
    >
      <SearchTable<UnmatchedRow, UnmatchedFilters>
        queryKey={trafficKeys.unmatched}
        fetcher={async (query, signal) => {
          const { range: _r, ...q } = query;
          return trafficApi.unmatched(q, signal);
        }}
        initialFilters={{ range: today() }}
        fromForm={({ range, ...rest }) => ({ ...rest, ...rangeQuery(range) })}
        columns={columns}
        rowKey={(r) => `${r.kind}:${r.messageId}:${r.part}:${r.state}:${r.dlrAt}`}
        size="small"
        exportPath="/v2/traffic/dlr/unmatched/export"
        title={t('traffic.unmatched.note')}
        filters={
          <>
            <RangeItem />
            <Form.Item name="kind" label={t('traffic.unmatched.kind')}>
              <Select
                allowClear
                style={{ width: 130 }}
                options={UNMATCHED_KINDS.map((k) => ({ value: k, label: t(`traffic.unmatched.kinds.${k}`) }))}
              />
            </Form.Item>
            <Form.Item name="id" label={t('traffic.messageId')}>
              <Input allowClear style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="state" label={t('traffic.status')}>
              <Select
                allowClear
                style={{ width: 130 }}
                options={STATES.map((s) => ({ value: s, label: stateLabel(t, s) }))}
              />
            </Form.Item>
          </>
        }
      />
    </Drawer>
  );
}
