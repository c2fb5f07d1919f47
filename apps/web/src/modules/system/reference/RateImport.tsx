import { UploadOutlined } from '@ant-design/icons';
import { RATE_IMPORT_COLUMNS, type RateImportResult, RefPerm } from '@portal/contracts/reference';
import { rateResource } from '@portal/contracts/reference/resources';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../platform/access';
import { resourceKeys } from '../../../platform/resource/keys';
import { refApi } from './api';

/** Imports a rate file (holders of the rates key): a dry run lists bad rows; the import writes all rows or none. */
export function RateImportButton() {
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
    await queryClient.invalidateQueries({ queryKey: resourceKeys.all(rateResource.key) });
  };
  const errors = report?.result.errors ?? [];
  return (
    <Can perm={RefPerm.RATE}>
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
    </Can>
  );
}
