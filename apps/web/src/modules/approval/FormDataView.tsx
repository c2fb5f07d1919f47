import { formatMinor, type InstanceDetail } from '@portal/contracts';
import { Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldLabel } from './FieldInput';

type Value = InstanceDetail['formData'][string] | undefined;

/** The request's form values, each shown by its field type (money in major units, choices by label). */
export function FormDataView({ detail }: { detail: InstanceDetail }) {
  const { t } = useTranslation();
  const labelOf = useFieldLabel();
  const people = new Map<number, string>([
    [detail.initiatorId, detail.initiatorName],
    ...detail.tasks.map((x) => [x.assigneeId, x.assigneeName] as [number, string]),
    ...detail.ccUsers.map((u) => [u.id, u.name] as [number, string]),
  ]);
  const show = (f: InstanceDetail['fields'][number], v: Value) => {
    if (v === undefined || v === null || v === '') return '-';
    switch (f.type) {
      case 'money':
        return typeof v === 'number' ? formatMinor(v) : String(v);
      case 'select':
        return f.options.find((o) => o.value === v)?.label ?? String(v);
      case 'user':
        return typeof v === 'number' ? (people.get(v) ?? `#${v}`) : String(v);
      case 'attachment':
        return Array.isArray(v) ? (
          <Space wrap size={4}>
            {v.map((id) => (
              <Tag key={id} data-testid="attachment-tag">
                {t('approval.attachmentId', { id: id.slice(0, 8) })}
              </Tag>
            ))}
          </Space>
        ) : (
          '-'
        );
      default:
        return Array.isArray(v) ? v.join(', ') : String(v);
    }
  };
  const fields = [...detail.fields].sort((a, b) => a.sort - b.sort);
  return (
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
    </Descriptions>
  );
}
