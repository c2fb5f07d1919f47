import { DownloadOutlined, ImportOutlined, UploadOutlined } from '@ant-design/icons';
import {
  CRM_IMPORT_PATHS,
  CrmPerm,
  type CustomerImportOutcome,
  type CustomerImportRow,
  customerResource,
} from '@portal/contracts/crm';
import type { ImportPreview } from '@portal/contracts/imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Progress, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../platform/access';
import { download } from '../../../platform/download';
import { resourceKeys } from '../../../platform/resource/keys';
import { importApi } from './api';

type Stage =
  | { kind: 'pick' }
  | { kind: 'preview'; preview: ImportPreview<CustomerImportRow> }
  | { kind: 'saving'; done: number; total: number }
  | { kind: 'done'; outcomes: CustomerImportOutcome[] };

/**
 * Customer import: template, upload, preview (rows to save; rows refused by format or by the
 * duplicate check with the reason), then the rows saved in chunks with a progress bar, then each
 * row's outcome (new customer code, or why it was refused at saving time).
 */
function CustomerImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ kind: 'pick' });
  const read = useMutation({
    mutationFn: importApi.preview,
    onSuccess: (preview) => setStage({ kind: 'preview', preview }),
  });
  const save = useMutation({
    mutationFn: (rows: CustomerImportRow[]) => {
      setStage({ kind: 'saving', done: 0, total: rows.length });
      return importApi.commit(rows, (done) => setStage({ kind: 'saving', done, total: rows.length }));
    },
    onSuccess: async (outcomes) => {
      setStage({ kind: 'done', outcomes });
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(customerResource.key) });
    },
    onError: () => setStage({ kind: 'pick' }),
  });
  const close = () => {
    if (stage.kind === 'saving') return;
    setStage({ kind: 'pick' });
    onClose();
  };
  const rows = stage.kind === 'preview' ? stage.preview.rows : [];
  const errors = stage.kind === 'preview' ? stage.preview.errors : [];
  const footer =
    stage.kind === 'done' ? (
      <Button type="primary" onClick={close} data-testid="crm-import-close">
        {t('crmData.import.close')}
      </Button>
    ) : (
      <Flex gap={8} justify="end">
        <Button onClick={close} disabled={stage.kind === 'saving'}>
          {t('common.cancel')}
        </Button>
        <Button
          type="primary"
          disabled={rows.length === 0}
          loading={stage.kind === 'saving'}
          onClick={() => save.mutate(rows)}
          data-testid="crm-import-save"
        >
          {t('crmData.import.save', { count: rows.length })}
        </Button>
      </Flex>
    );
  return (
    <Modal
      open={open}
      width="min(900px, 100vw)"
      title={t('crmData.import.title')}
      footer={footer}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="crm-import">
        {(stage.kind === 'pick' || stage.kind === 'preview') && (
          <>
            <Typography.Text type="secondary">{t('crmData.import.hint')}</Typography.Text>
            <Flex gap={8} wrap>
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  void download(CRM_IMPORT_PATHS.template, {
                    kind: 'download',
                    filename: t('crmData.import.templateFile'),
                  })
                }
              >
                {t('import.template')}
              </Button>
              <Upload
                accept=".xlsx"
                showUploadList={false}
                beforeUpload={(file) => {
                  read.mutate(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={read.isPending} data-testid="crm-import-file">
                  {t('import.chooseFile')}
                </Button>
              </Upload>
            </Flex>
          </>
        )}
        {errors.length > 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('crmData.import.refused', { count: new Set(errors.map((e) => e.row)).size })}
            description={
              <div style={{ maxHeight: 180, overflowY: 'auto' }} data-testid="crm-import-errors">
                {errors.map((e) => (
                  <div key={`${e.row}-${e.field}-${e.message}`}>
                    {e.field
                      ? t('import.rowFieldError', { row: e.row, field: e.field, message: e.message })
                      : t('import.rowError', { row: e.row, message: e.message })}
                  </div>
                ))}
              </div>
            }
          />
        )}
        {stage.kind === 'preview' && (
          <Table<CustomerImportRow>
            size="small"
            rowKey="row"
            pagination={false}
            scroll={{ y: 280, x: 'max-content' }}
            dataSource={rows}
            columns={[
              { title: t('crmData.import.row'), dataIndex: 'row', width: 64 },
              { title: t('crmData.import.name'), dataIndex: 'name', ellipsis: true },
              { title: t('crmData.import.alias'), dataIndex: 'alias', width: 140 },
              { title: t('crmData.import.type'), dataIndex: 'type', width: 70 },
              { title: t('crmData.import.country'), dataIndex: 'country', width: 80 },
            ]}
          />
        )}
        {stage.kind === 'saving' && (
          <Flex vertical gap={4} data-testid="crm-import-progress">
            <Typography.Text>{t('crmData.import.saving', { done: stage.done, total: stage.total })}</Typography.Text>
            <Progress percent={Math.round((stage.done / Math.max(1, stage.total)) * 100)} />
          </Flex>
        )}
        {stage.kind === 'done' && <Outcomes outcomes={stage.outcomes} />}
      </Flex>
    </Modal>
  );
}

function Outcomes({ outcomes }: { outcomes: CustomerImportOutcome[] }) {
  const { t } = useTranslation();
  const saved = outcomes.filter((o) => o.ok).length;
  return (
    <>
      <Alert
        type={saved === outcomes.length ? 'success' : 'warning'}
        showIcon
        title={t('crmData.import.result', { saved, refused: outcomes.length - saved })}
        data-testid="crm-import-result"
      />
      <Table<CustomerImportOutcome>
        size="small"
        rowKey="row"
        pagination={false}
        scroll={{ y: 300 }}
        dataSource={outcomes}
        columns={[
          { title: t('crmData.import.row'), dataIndex: 'row', width: 64 },
          {
            title: t('crmData.import.outcome'),
            width: 110,
            render: (_, o) =>
              o.ok ? (
                <Tag color="green">{t('crmData.import.saved')}</Tag>
              ) : (
                <Tag color="red">{t('crmData.import.refusedOne')}</Tag>
              ),
          },
          { title: t('crmData.import.detail'), render: (_, o) => (o.ok ? o.customerCode : o.message) },
        ]}
      />
    </>
  );
}

/** The "Import" toolbar button of the customer list, for holders of the import key. */
export function CustomerImportButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Can perm={CrmPerm.CUSTOMER_IMPORT}>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)} data-testid="crm-import-open">
        {t('crmData.import.open')}
      </Button>
      <CustomerImportModal open={open} onClose={() => setOpen(false)} />
    </Can>
  );
}
