import { UploadOutlined } from '@ant-design/icons';
import {
  RATE_IMPORT_COLUMNS,
  type RateImportResult,
  type RatePageQuery,
  type RateRow,
  RefPerm,
  rateSaveBody,
  rateUpdateBody,
} from '@portal/contracts/reference';
import { useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { App, Button, DatePicker, Form, Input, Modal, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../platform/access';
import { RefSelect } from '../../../platform/fields/RefSelect';
import { zodRule } from '../../../platform/form';
import { REF, refApi, refKeys } from './api';
import { DayRange, dayItemProps, TextItem, updatedColumn } from './parts';
import { RefListScreen } from './RefListScreen';

type Filters = Pick<RatePageQuery, 'from' | 'to' | 'dayFrom' | 'dayTo'>;
const s = rateSaveBody.shape;

/** Imports a rate file: a dry run lists bad rows; the import writes all rows or none. */
function ImportButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [report, setReport] = useState<{ file: File; result: RateImportResult } | undefined>();
  const [busy, setBusy] = useState(false);
  const check = async (file: File) => {
    setBusy(true);
    try {
      setReport({ file, result: await refApi.importRates(file, true) });
    } catch {
      // shown by the http client
    } finally {
      setBusy(false);
    }
    return false;
  };
  const commit = async () => {
    if (!report) return;
    const result = await refApi.importRates(report.file, false);
    if (result.errors.length) return setReport({ ...report, result });
    message.success(t('ref.imported', { count: result.imported }));
    setReport(undefined);
    await queryClient.invalidateQueries({ queryKey: refKeys.all });
  };
  const errors = report?.result.errors ?? [];
  return (
    <>
      <Upload accept=".xlsx,.csv" showUploadList={false} beforeUpload={(f) => check(f)}>
        <Button icon={<UploadOutlined />} loading={busy} data-testid="rate-import">
          {t('ref.import')}
        </Button>
      </Upload>
      <Modal
        open={!!report}
        title={t('ref.importTitle')}
        okText={t('ref.importConfirm')}
        okButtonProps={{ disabled: errors.length > 0 || !report?.result.good }}
        onOk={commit}
        onCancel={() => setReport(undefined)}
        width={640}
      >
        <Typography.Paragraph type="secondary">
          {t('ref.importColumns', { columns: RATE_IMPORT_COLUMNS.join(', ') })}
        </Typography.Paragraph>
        <Typography.Paragraph data-testid="rate-import-summary">
          {t('ref.importSummary', { good: report?.result.good ?? 0, bad: errors.length })}
        </Typography.Paragraph>
        {errors.length > 0 && (
          <Table
            size="small"
            rowKey={(e) => `${e.row}-${e.message}`}
            pagination={false}
            scroll={{ y: 240 }}
            dataSource={errors}
            columns={[
              { key: 'row', dataIndex: 'row', title: t('ref.importRow'), width: 70 },
              { key: 'message', dataIndex: 'message', title: t('ref.importReason') },
            ]}
          />
        )}
      </Modal>
    </>
  );
}

/** /setModule/financial/xe-rate: effective-dated exchange rates, newest first; entry, correction, import, export. */
export function RateScreen() {
  const { t } = useTranslation();
  const columns: TableColumnsType<RateRow> = [
    { key: 'day', dataIndex: 'day', title: t('ref.effectiveDay'), width: 120 },
    { key: 'from', dataIndex: 'from', title: t('ref.fromCurrency'), width: 90 },
    { key: 'to', dataIndex: 'to', title: t('ref.toCurrency'), width: 90 },
    {
      key: 'rate',
      dataIndex: 'rate',
      title: t('ref.rate'),
      align: 'right',
      render: (v: string, r) => <span title={`1 ${r.from} = ${v} ${r.to}`}>{v}</span>,
    },
    {
      key: 'source',
      dataIndex: 'source',
      title: t('ref.source'),
      render: (v: RateRow['source']) => <Tag>{t(v === 'import' ? 'ref.sourceImport' : 'ref.sourceManual')}</Tag>,
    },
    { key: 'note', dataIndex: 'note', title: t('ref.note'), ellipsis: true },
    { key: 'updatedBy', dataIndex: 'updatedBy', title: t('ref.updatedBy') },
    updatedColumn(t),
  ];
  return (
    <RefListScreen<RateRow, Filters>
      area="rate"
      perm={RefPerm.RATE}
      rowKey="id"
      testId="rate"
      columns={columns}
      exportPath={`${REF}/rate/export`}
      toolbar={
        <Can perm={RefPerm.RATE}>
          <ImportButton />
        </Can>
      }
      filters={
        <>
          <Form.Item name="from" label={t('ref.fromCurrency')}>
            <RefSelect
              kind="currency"
              allowClear
              placeholder={t('common.all')}
              style={{ width: 160 }}
              data-testid="rate-filter-from"
            />
          </Form.Item>
          <Form.Item name="to" label={t('ref.toCurrency')}>
            <RefSelect
              kind="currency"
              allowClear
              placeholder={t('common.all')}
              style={{ width: 160 }}
              data-testid="rate-filter-to"
            />
          </Form.Item>
          <Form.Item label={t('ref.effectiveDay')}>
            <DayRange testId="rate-filter-days" />
          </Form.Item>
          <Form.Item name="dayFrom" hidden>
            <Input />
          </Form.Item>
          <Form.Item name="dayTo" hidden>
            <Input />
          </Form.Item>
        </>
      }
      form={{
        blank: { from: 'USD' },
        initial: (r) => ({ from: r.from, to: r.to, day: r.day, rate: r.rate, note: r.note }),
        identity: (r) => ({ id: r.id, version: r.version, from: undefined, to: undefined, day: undefined }),
        fields: (row) => (
          <>
            <Form.Item name="from" label={t('ref.fromCurrency')} rules={[zodRule(s.from, t('ref.fromCurrency'))]}>
              <RefSelect kind="currency" disabled={!!row} data-testid="rate-from" />
            </Form.Item>
            <Form.Item name="to" label={t('ref.toCurrency')} rules={[zodRule(s.to, t('ref.toCurrency'))]}>
              <RefSelect kind="currency" disabled={!!row} data-testid="rate-to" />
            </Form.Item>
            <Form.Item
              name="day"
              label={t('ref.effectiveDay')}
              rules={[zodRule(s.day, t('ref.effectiveDay'))]}
              {...dayItemProps}
            >
              <DatePicker disabled={!!row} style={{ width: '100%' }} data-testid="rate-day" />
            </Form.Item>
            <TextItem name="rate" label={t('ref.rateOfOne')} schema={rateUpdateBody.shape.rate} testId="rate-rate" />
            <TextItem name="note" label={t('ref.note')} schema={rateUpdateBody.shape.note} />
          </>
        ),
      }}
    />
  );
}
