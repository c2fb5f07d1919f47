import { DownloadOutlined, ImportOutlined, UploadOutlined } from '@ant-design/icons';
import type { ImportPreview } from '@portal/contracts/imports';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, type ButtonProps, Flex, Modal, Table, type TableColumnsType, Typography, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../access';
import { download } from '../download';
import { post, upload } from '../http';

/** Where an import's three routes are (the server mounts them with `mountImport`). */
export interface ImportPaths {
  template: string;
  preview: string;
  commit: string;
}

export interface ImportProps<Row, Result> {
  title: ReactNode;
  paths: ImportPaths;
  /** the template's file name */
  templateName: string;
  /** the preview table's columns (the row fields worth checking) */
  columns: TableColumnsType<Row>;
  rowKey: keyof Row & string;
  /** after the rows are saved: a toast, a refetch */
  onDone: (result: Result, count: number) => unknown;
  /** the file types the picker offers (an import that also reads CSV: `.xlsx,.csv`) */
  accept?: string;
}

/**
 * XLSX import in a modal: download the template, upload a filled copy, review the rows that will
 * be saved and the ones that cannot (row, column, reason), then save the good rows in one go.
 */
export function ImportModal<Row extends object, Result>(
  props: ImportProps<Row, Result> & { open: boolean; onClose: () => void },
) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<ImportPreview<Row> | null>(null);
  const read = useMutation({
    mutationFn: (file: File) => upload<ImportPreview<Row>>(props.paths.preview, file),
    onSuccess: setPreview,
  });
  const close = () => {
    setPreview(null);
    props.onClose();
  };
  const save = useMutation({
    mutationFn: () => post<Result>(props.paths.commit, { rows: preview!.rows }, { checkRepeat: true }),
    onSuccess: async (result) => {
      await props.onDone(result, preview!.rows.length);
      close();
    },
  });
  const count = preview?.rows.length ?? 0;
  return (
    <Modal
      open={props.open}
      width="min(820px, 100vw)"
      title={props.title}
      okText={t('import.save', { count })}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: count === 0, 'data-testid': 'import-save' } as ButtonProps}
      confirmLoading={save.isPending}
      onOk={() => save.mutate()}
      onCancel={close}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Flex gap={8} wrap>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void download(props.paths.template, { kind: 'download', filename: props.templateName })}
          >
            {t('import.template')}
          </Button>
          <Upload
            accept={props.accept ?? '.xlsx'}
            showUploadList={false}
            beforeUpload={(file) => {
              read.mutate(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={read.isPending} data-testid="import-file">
              {t('import.chooseFile')}
            </Button>
          </Upload>
        </Flex>
        {preview && preview.errors.length > 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('import.errors', { count: new Set(preview.errors.map((e) => e.row)).size })}
            description={
              <div style={{ maxHeight: 160, overflowY: 'auto' }} data-testid="import-errors">
                {preview.errors.map((e) => (
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
        {preview && (
          <>
            <Typography.Text type="secondary">{t('import.goodRows', { count })}</Typography.Text>
            <Table<Row>
              size="small"
              rowKey={props.rowKey}
              pagination={false}
              scroll={{ y: 300, x: 'max-content' }}
              dataSource={preview.rows}
              columns={props.columns}
            />
          </>
        )}
      </Flex>
    </Modal>
  );
}

/** A toolbar button that opens the import modal; shown only to holders of `perm` when given. */
export function ImportButton<Row extends object, Result>(
  props: ImportProps<Row, Result> & { label: ReactNode; perm?: string },
) {
  const [open, setOpen] = useState(false);
  const button = (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)} data-testid="import-open">
        {props.label}
      </Button>
      <ImportModal {...props} open={open} onClose={() => setOpen(false)} />
    </>
  );
  return props.perm ? <Can perm={props.perm}>{button}</Can> : button;
}
