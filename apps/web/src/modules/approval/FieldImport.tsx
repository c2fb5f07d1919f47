import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { FieldImportPreview } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Modal, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../platform/download';
import { approvalApi, approvalKeys } from './api';

/** Field import from the XLSX template: download it, upload a filled copy, review the rows, save. */
export function FieldImport({ formId, open, onClose }: { formId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<FieldImportPreview | null>(null);
  const read = useMutation({ mutationFn: (file: File) => approvalApi.importView(file), onSuccess: setPreview });
  const save = useMutation({
    mutationFn: () => approvalApi.importFields(formId, preview!.rows),
    onSuccess: async (fields) => {
      message.success(t('approval.forms.imported', { count: fields.length }));
      await queryClient.invalidateQueries({ queryKey: approvalKeys.root });
      setPreview(null);
      onClose();
    },
  });
  const template = async () => {
    const { url } = await approvalApi.templateUrl();
    await download(url, { kind: 'download', filename: 'form-fields.xlsx' });
  };
  return (
    <Modal
      open={open}
      width={760}
      title={t('approval.forms.import')}
      okText={t('approval.forms.importSave', { count: preview?.rows.length ?? 0 })}
      okButtonProps={{ disabled: !preview || preview.rows.length === 0 }}
      confirmLoading={save.isPending}
      onOk={() => save.mutate()}
      onCancel={() => {
        setPreview(null);
        onClose();
      }}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Flex gap={8} wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void template()}>
            {t('approval.forms.template')}
          </Button>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              read.mutate(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={read.isPending}>
              {t('approval.forms.chooseFile')}
            </Button>
          </Upload>
        </Flex>
        {preview && preview.errors.length > 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('approval.forms.importErrors', { count: preview.errors.length })}
            description={preview.errors.map((e) => (
              <div key={`${e.row}-${e.message}`}>
                {t('approval.forms.rowError', { row: e.row, message: e.message })}
              </div>
            ))}
          />
        )}
        {preview && (
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            scroll={{ y: 300 }}
            dataSource={preview.rows}
            columns={[
              { key: 'key', dataIndex: 'key', title: t('approval.forms.field.key') },
              { key: 'label', dataIndex: 'label', title: t('approval.forms.field.label') },
              { key: 'labelEn', dataIndex: 'labelEn', title: t('approval.forms.field.labelEn') },
              { key: 'type', dataIndex: 'type', title: t('approval.forms.field.type') },
              {
                key: 'required',
                dataIndex: 'required',
                title: t('approval.forms.required'),
                render: (v: boolean) => (v ? '✓' : ''),
              },
            ]}
          />
        )}
      </Flex>
    </Modal>
  );
}
