import { DatePicker, Form, Input, Switch, type TableColumnType, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { zodRule } from '../../../platform/form';
import type { FieldSchema } from '../../../platform/form-rule';

/** Columns and form items the reference screens share. */

export const nameColumn = <Row extends { name: string; nameEn: string }>(
  t: TFunction,
  en: boolean,
  key = 'name',
  title = t('ref.name'),
): TableColumnType<Row> => ({ key, title, render: (_: unknown, r: Row) => (en ? r.nameEn : r.name) });

export const enabledColumn = <Row extends { enabled: boolean }>(t: TFunction): TableColumnType<Row> => ({
  key: 'enabled',
  title: t('ref.state'),
  dataIndex: 'enabled',
  render: (v: boolean) => (v ? <Tag color="success">{t('ref.enabled')}</Tag> : <Tag>{t('ref.disabled')}</Tag>),
});

export const updatedColumn = <Row extends { updatedAt: string }>(t: TFunction): TableColumnType<Row> => ({
  key: 'updatedAt',
  title: t('ref.updatedAt'),
  dataIndex: 'updatedAt',
  render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
});

/** A text item with its contract's rule. */
export function TextItem(props: {
  name: string;
  label: string;
  schema: FieldSchema;
  testId?: string;
  disabled?: boolean;
}) {
  return (
    <Form.Item name={props.name} label={props.label} rules={[zodRule(props.schema, props.label)]}>
      <Input data-testid={props.testId} disabled={props.disabled} />
    </Form.Item>
  );
}

/** Chinese and English names side by side. */
export function NameItems({ t, zh, en }: { t: TFunction; zh: FieldSchema; en: FieldSchema }) {
  return (
    <>
      <TextItem name="name" label={t('ref.nameZh')} schema={zh} testId="ref-name" />
      <TextItem name="nameEn" label={t('ref.nameEn')} schema={en} testId="ref-name-en" />
    </>
  );
}

export function EnabledItem({ t }: { t: TFunction }) {
  return (
    <Form.Item name="enabled" label={t('ref.state')} valuePropName="checked">
      <Switch checkedChildren={t('ref.enabled')} unCheckedChildren={t('ref.disabled')} />
    </Form.Item>
  );
}

/** A day kept in the form as `YYYY-MM-DD`, as the API takes it. */
export const dayItemProps = {
  getValueProps: (v: string | undefined) => ({ value: v ? dayjs(v) : undefined }),
  normalize: (d: Dayjs | null) => d?.format('YYYY-MM-DD'),
};

/** A range of days kept in the search form as the list's own `dayFrom` / `dayTo`. */
export function DayRange({ testId }: { testId?: string }) {
  const form = Form.useFormInstance<{ dayFrom?: string; dayTo?: string }>();
  const from = Form.useWatch('dayFrom', form);
  const to = Form.useWatch('dayTo', form);
  const value: [Dayjs, Dayjs] | null = from && to ? [dayjs(from), dayjs(to)] : null;
  return (
    <DatePicker.RangePicker
      style={{ width: 240 }}
      value={value}
      data-testid={testId}
      onChange={(range) =>
        form.setFieldsValue({ dayFrom: range?.[0]?.format('YYYY-MM-DD'), dayTo: range?.[1]?.format('YYYY-MM-DD') })
      }
    />
  );
}
