import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FIELD_TYPES, type FieldSaveBody, type FormField, fieldSaveBody } from '@portal/contracts';
import { Button, Checkbox, Col, Flex, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../platform/form';
import { FormModal } from '../../platform/ui/FormModal';
import { approvalApi, approvalKeys } from './api';

type Values = Omit<FieldSaveBody, 'formId' | 'id'>;
const shape = fieldSaveBody.shape;

/** Add or change one field of a form: key, labels, type, required, choices and rules. */
export function FieldEditor({
  formId,
  field,
  open,
  onClose,
}: {
  formId: number;
  field: FormField | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form);
  const label = (k: 'key' | 'label' | 'labelEn' | 'type' | 'sort') => t(`approval.forms.field.${k}`);
  const numeric = type === 'number' || type === 'money';
  const textual = type === 'text' || type === 'textarea';
  return (
    <FormModal<Values>
      open={open}
      width={640}
      size="small"
      form={form}
      title={field ? t('approval.forms.editField') : t('approval.forms.addField')}
      onClose={onClose}
      onSubmit={(v) =>
        approvalApi.saveField({
          ...v,
          ...(field ? { id: field.id } : {}),
          formId,
          dictCode: v.dictCode || null,
          options: v.options ?? [],
          rules: Object.fromEntries(
            Object.entries(v.rules ?? {}).filter(([, x]) => x !== null && x !== undefined && x !== ''),
          ),
        })
      }
      successMessage={t('approval.forms.fieldSaved')}
      invalidate={approvalKeys.root}
      initialValues={field ?? { type: 'text', required: false, options: [], rules: {}, sort: 0 }}
    >
      <Row gutter={8}>
        <Col xs={12} md={8}>
          <Form.Item name="key" label={label('key')} rules={[zodRule(shape.key, label('key'))]}>
            <Input maxLength={40} disabled={!!field} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="label" label={label('label')} rules={[zodRule(shape.label, label('label'))]}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="labelEn" label={label('labelEn')} rules={[zodRule(shape.labelEn, label('labelEn'))]}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="type" label={label('type')}>
            <Select options={FIELD_TYPES.map((v) => ({ value: v, label: t(`approval.forms.type.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="sort" label={label('sort')}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="required" valuePropName="checked" label=" ">
            <Checkbox>{t('approval.forms.required')}</Checkbox>
          </Form.Item>
        </Col>
        {numeric && (
          <>
            <Col xs={12}>
              <Form.Item
                name={['rules', 'min']}
                label={t('approval.forms.min')}
                extra={type === 'money' ? t('approval.forms.minorHint') : undefined}
              >
                <InputNumber style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12}>
              <Form.Item name={['rules', 'max']} label={t('approval.forms.max')}>
                <InputNumber style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </>
        )}
        {textual && (
          <>
            <Col xs={12}>
              <Form.Item name={['rules', 'maxLength']} label={t('approval.forms.maxLength')}>
                <InputNumber min={1} max={10000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12}>
              <Form.Item name={['rules', 'pattern']} label={t('approval.forms.pattern')}>
                <Input maxLength={200} placeholder="^[A-Z0-9-]+$" />
              </Form.Item>
            </Col>
          </>
        )}
        {type === 'select' && (
          <Col xs={24}>
            <Form.Item name="dictCode" label={t('approval.forms.dictCode')}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.List name="options">
              {(items, { add, remove }) => (
                <Flex vertical gap={4}>
                  {items.map((o) => (
                    <Flex key={o.key} gap={8}>
                      <Form.Item
                        name={[o.name, 'value']}
                        rules={[
                          { required: true, message: t('form.required', { label: t('approval.forms.optionValue') }) },
                        ]}
                        style={{ marginBottom: 0, flex: 1 }}
                      >
                        <Input placeholder={t('approval.forms.optionValue')} maxLength={64} />
                      </Form.Item>
                      <Form.Item
                        name={[o.name, 'label']}
                        rules={[
                          { required: true, message: t('form.required', { label: t('approval.forms.optionLabel') }) },
                        ]}
                        style={{ marginBottom: 0, flex: 1 }}
                      >
                        <Input placeholder={t('approval.forms.optionLabel')} maxLength={64} />
                      </Form.Item>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => remove(o.name)}
                        aria-label={t('common.delete')}
                      />
                    </Flex>
                  ))}
                  <Button
                    type="dashed"
                    size="small"
                    icon={<PlusOutlined />}
                    onClick={() => add()}
                    style={{ alignSelf: 'start' }}
                  >
                    {t('approval.forms.addOption')}
                  </Button>
                </Flex>
              )}
            </Form.List>
          </Col>
        )}
      </Row>
    </FormModal>
  );
}
