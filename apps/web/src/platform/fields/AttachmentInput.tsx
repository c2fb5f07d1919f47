import { UploadOutlined } from '@ant-design/icons';
import { FILE_PURPOSES } from '@portal/contracts';
import { Button, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldApi } from './api';

const ACCEPT = FILE_PURPOSES.sys.exts.map((e) => `.${e}`).join(',');
const MAX_FILES = 20;

/**
 * An attachment field: files go to the system upload (`POST /v2/sys/staff/file/upload`) as they
 * are chosen; the form holds the uploaded file ids.
 */
export function AttachmentInput({
  value,
  onChange,
  id,
}: {
  value?: string[] | null;
  onChange?: (ids: string[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<UploadFile[]>(() =>
    (value ?? []).map((fileId) => ({
      uid: fileId,
      name: t('fields.attachmentId', { id: fileId.slice(0, 8) }),
      status: 'done',
    })),
  );
  const emit = (list: UploadFile[]) =>
    onChange?.(list.filter((f) => f.status === 'done').map((f) => (f.response as string | undefined) ?? f.uid));
  return (
    <Upload
      id={id}
      accept={ACCEPT}
      multiple
      maxCount={MAX_FILES}
      fileList={files}
      beforeUpload={(file) => file.size <= FILE_PURPOSES.sys.maxBytes || Upload.LIST_IGNORE}
      customRequest={({ file, onSuccess, onError }) => {
        fieldApi.upload(file as File).then(
          (info) => onSuccess?.(info.id),
          (err: Error) => onError?.(err),
        );
      }}
      onChange={({ fileList }) => {
        setFiles(fileList);
        emit(fileList);
      }}
      data-testid="attachment-input"
    >
      <Button icon={<UploadOutlined />}>{t('fields.upload')}</Button>
    </Upload>
  );
}
