import { type FormField, formFieldSpec } from '@portal/contracts';
import { fieldValueSchema } from '@portal/contracts/fields';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '../../platform/dict/use-dict';
import { zodRule } from '../../platform/form';
import { AttachmentInput } from './AttachmentInput';
import { MoneyInput } from './MoneyInput';
import { NumberInput } from './NumberInput';
import { UserSelect } from './UserSelect';

/** The label of a form field in the UI language. */
export function useFieldLabel() {
  const { i18n } = useTranslation();
  return (f: Pick<FormField, 'label' | 'labelEn'>) => (i18n.language.startsWith('zh') ? f.label : f.labelEn);
}

/** The input of a field type; Form.Item binds value and onChange to this element directly. */
function control(field: FormField, t: TFunction) {
  const testId = `field-${field.key}`;
  switch (field.type) {
    case 'textarea':
      return <Input.TextArea rows={3} maxLength={field.rules.maxLength} showCount data-testid={testId} />;
    case 'number':
      return <NumberInput />;
    case 'money':
      return <MoneyInput data-testid={testId} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} data-testid={testId} />;
    case 'select':
      return field.dictCode ? (
        <DictSelect code={field.dictCode} data-testid={testId} />
      ) : (
        <Select allowClear options={field.options} data-testid={testId} />
      );
    case 'user':
      return <UserSelect allowClear />;
    case 'department':
    case 'customer':
    case 'supplier':
      return <Input maxLength={64} placeholder={t(`approval.refPlaceholder.${field.type}`)} data-testid={testId} />;
    case 'attachment':
      return <AttachmentInput />;
    default:
      return <Input maxLength={field.rules.maxLength} data-testid={testId} />;
  }
}

/** One field of an application form: label, rules (the server's checks) and the right input. */
export function FieldInput({ field }: { field: FormField }) {
  const { t } = useTranslation();
  const labelOf = useFieldLabel();
  const label = labelOf(field);
  const date = field.type === 'date';
  return (
    <Form.Item
      name={field.key}
      label={label}
      rules={[zodRule(fieldValueSchema(formFieldSpec(field)), label)]}
      {...(date
        ? {
            getValueProps: (v: string | undefined) => ({ value: v ? dayjs(v) : undefined }),
            normalize: (d: dayjs.Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined),
          }
        : {})}
    >
      {control(field, t)}
    </Form.Item>
  );
}
