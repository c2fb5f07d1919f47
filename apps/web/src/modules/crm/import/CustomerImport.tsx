import { DownloadOutlined, ImportOutlined, UploadOutlined } from '@ant-design/icons';
import { CrmPerm, type CustomerImportOutcome, customerResource } from '@portal/contracts/crm';
import type { ImportPreview } from '@portal/contracts/imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Progress, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../platform/access';
import { download } from '../../../platform/download';
import { resourceKeys } from '../../../platform/resource/keys';
import { IMPORT_PATHS, type ImportKind, type ImportRow, importApi } from './api';

/** The row fields the preview table shows per import. */
const PREVIEW_COLUMNS = {
  customers: ['name', 'alias', 'type', 'country'],
  followUps: ['customerCode', 'type', 'content', 'nextAt'],
} as const satisfies Record<ImportKind, readonly string[]>;

type Stage =
  | { kind: 'pick' }
  | { kind: 'preview'; preview: ImportPreview<ImportRow> }
  | { kind: 'saving'; done: number; total: number }
  | { kind: 'done'; outcomes: CustomerImportOutcome[] };

/**
 * A CRM import (customers, or follow-ups on customers by code): template, upload, preview (rows to
 * save; rows refused by format, duplicate check or unknown customer, with the reason), then the
 * rows saved in chunks with a progress bar, then each row's outcome (customer code, or why it was
 * refused at saving time).
 */
function CrmImportModal({ kind, open, onClose }: { kind: ImportKind; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ kind: 'pick' });
  const read = useMutation({
    mutationFn: (file: File) => importApi.preview(kind, file),
    onSuccess: (preview) => setStage({ kind: 'preview', preview }),
  });
  const save = useMutation({
    mutationFn: (rows: ImportRow[]) => {
      setStage({ kind: 'saving', done: 0, total: rows.length });
      return importApi.commit(kind, rows, (done) => setStage({ kind: 'saving', done, total: rows.length }));
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
      title={t(`crmData.import.${kind}.title`)}
      footer={footer}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="crm-import">
        {(stage.kind === 'pick' || stage.kind === 'preview') && (
          <>
            <Typography.Text type="secondary">{t(`crmData.import.${kind}.hint`)}</Typography.Text>
            <Flex gap={8} wrap>
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  void download(IMPORT_PATHS[kind].template, {
                    kind: 'download',
                    filename: t(`crmData.import.${kind}.templateFile`),
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
          <Table<ImportRow>
            size="small"
            rowKey="row"
            pagination={false}
            scroll={{ y: 280, x: 'max-content' }}
            dataSource={rows}
            columns={[
              { title: t('crmData.import.row'), dataIndex: 'row', width: 64 },
              ...PREVIEW_COLUMNS[kind].map((key) => ({
                title: t(`crmData.import.col.${key}`),
                dataIndex: key,
                ellipsis: true,
              })),
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

/** The "Import" toolbar buttons of the customer list (customers, follow-ups), for holders of the import key. */
export function CustomerImportButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ImportKind | null>(null);
  return (
    <Can perm={CrmPerm.CUSTOMER_IMPORT}>
      <Button icon={<ImportOutlined />} onClick={() => setOpen('customers')} data-testid="crm-import-open">
        {t('crmData.import.customers.open')}
      </Button>
      <Button icon={<ImportOutlined />} onClick={() => setOpen('followUps')} data-testid="crm-import-follow-ups-open">
        {t('crmData.import.followUps.open')}
      </Button>
      {open && <CrmImportModal kind={open} open onClose={() => setOpen(null)} />}
    </Can>
  );
}
