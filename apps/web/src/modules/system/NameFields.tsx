import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../platform/form';
import type { FieldSchema } from '../../platform/form-rule';

/**
 * A system record's name in Chinese and in English, checked by its save body's fields. `sideBySide`: on
 * one line (the menu form, whose other fields are long).
 */
export function NameFields({
  shape,
  sideBySide,
}: {
  shape: { name: FieldSchema; nameEn: FieldSchema };
  sideBySide?: boolean;
}) {
  const { t } = useTranslation();
  const zh = t('systemSettings.nameZh');
  const en = t('systemSettings.nameEn');
  const items = (
    <>
      <Form.Item name="name" label={zh} rules={[zodRule(shape.name, zh)]} style={sideBySide ? { flex: 1 } : undefined}>
        <Input />
      </Form.Item>
      <Form.Item
        name="nameEn"
        label={en}
        rules={[zodRule(shape.nameEn, en)]}
        style={sideBySide ? { flex: 1, marginLeft: 8 } : undefined}
      >
        <Input />
      </Form.Item>
    </>
  );
  return sideBySide ? <Space.Compact block>{items}</Space.Compact> : items;
}
