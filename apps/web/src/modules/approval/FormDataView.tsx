import { EyeOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { FileInfo, InstanceDetail } from '@portal/contracts';
import { Button, Descriptions, Drawer, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldView } from '../../platform/fields/FieldView';
import { FilePreview } from '../../platform/ui/FilePreview';
import { useFieldLabel, useFormFieldDesc } from './form-field';

type Value = InstanceDetail['formData'][string] | undefined;

const sizeText = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;

/** One attachment: a download link (name and size, signed URL) and a preview button. */
function AttachmentLink({ file, onPreview }: { file: FileInfo; onPreview: (f: FileInfo) => void }) {
  const { t } = useTranslation();
  return (
    <Space size={2} data-testid="attachment-item">
      <a href={file.url} download={file.name} data-testid="attachment-link">
        <PaperClipOutlined /> {file.name} <span style={{ opacity: 0.6 }}>({sizeText(file.size)})</span>
      </a>
      <Button
        type="link"
        size="small"
        icon={<EyeOutlined />}
        onClick={() => onPreview(file)}
        aria-label={t('approval.preview')}
        data-testid="attachment-preview"
      />
    </Space>
  );
}

/** The request's form values, each shown by its field kind (money in major units, choices by label). */
export function FormDataView({ detail }: { detail: InstanceDetail }) {
  const { t } = useTranslation();
  const labelOf = useFieldLabel();
  const descOf = useFormFieldDesc();
  const [preview, setPreview] = useState<FileInfo | null>(null);
  const files = new Map(detail.attachments.map((f) => [f.id, f]));
  const people = new Map<number, string>([
    [detail.initiatorId, detail.initiatorName],
    ...detail.tasks.map((x) => [x.assigneeId, x.assigneeName] as [number, string]),
    ...detail.ccUsers.map((u) => [u.id, u.name] as [number, string]),
  ]);
  /** a value by its field's kind (the platform's view), people and files from the request itself */
  const show = (f: InstanceDetail['fields'][number], v: Value) => {
    if (v === undefined || v === null || v === '') return '-';
    if (f.type === 'user') return typeof v === 'number' ? (people.get(v) ?? `#${v}`) : String(v);
    if (f.type !== 'attachment') return <FieldView field={descOf(f)} value={v} />;
    return Array.isArray(v) ? (
      <Space wrap size={[12, 4]}>
        {v.map((id) => {
          const file = files.get(id);
          return file ? (
            <AttachmentLink key={id} file={file} onPreview={setPreview} />
          ) : (
            <Tag key={id} data-testid="attachment-tag">
              {t('fields.attachmentId', { id: id.slice(0, 8) })}
            </Tag>
          );
        })}
      </Space>
    ) : (
      '-'
    );
  };
  const fields = [...detail.fields].sort((a, b) => a.sort - b.sort);
  // attachments not held by a form field (attached to the request itself)
  const inFields = new Set(
    fields.flatMap((f) =>
      f.type === 'attachment' && Array.isArray(detail.formData[f.key]) ? (detail.formData[f.key] as string[]) : [],
    ),
  );
  const extra = detail.attachments.filter((f) => !inFields.has(f.id));
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered data-testid="form-data">
        {fields.map((f) => (
          <Descriptions.Item
            key={f.key}
            label={labelOf(f)}
            span={f.type === 'textarea' || f.type === 'attachment' ? 2 : 1}
          >
            <span data-testid={`value-${f.key}`}>{show(f, detail.formData[f.key])}</span>
          </Descriptions.Item>
        ))}
        {extra.length > 0 && (
          <Descriptions.Item label={t('approval.attachments')} span={2}>
            <Space wrap size={[12, 4]}>
              {extra.map((f) => (
                <AttachmentLink key={f.id} file={f} onPreview={setPreview} />
              ))}
            </Space>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Drawer
        open={!!preview}
        onClose={() => setPreview(null)}
        title={preview?.name}
        width="min(960px, 100vw)"
        destroyOnHidden
      >
        {preview && <FilePreview url={preview.url} name={preview.name} />}
      </Drawer>
    </>
  );
}
