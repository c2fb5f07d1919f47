import { DeleteOutlined, DownOutlined, StarOutlined } from '@ant-design/icons';
import type { SavedFilter } from '@portal/contracts/prefs';
import { App, Button, Dropdown, Flex, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The most filters one list keeps per user (the server refuses more: `@portal/contracts/prefs`). */
const MAX_SAVED = 20;

/** Saved filters of a list: apply one, delete one, or save the form's current values under a name. */
export function SavedFilters(props: {
  saved: SavedFilter[];
  current: () => SavedFilter['values'];
  onApply: (values: SavedFilter['values']) => void;
  onChange: (saved: SavedFilter[]) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [naming, setNaming] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const full = props.saved.length >= MAX_SAVED;

  const save = ({ name }: { name: string }) => {
    const trimmed = name.trim();
    const entry = { name: trimmed, values: props.current() };
    // saving under a name in use replaces that filter
    props.onChange([...props.saved.filter((f) => f.name !== trimmed), entry]);
    message.success(t('table.filterSaved'));
    setNaming(false);
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            ...(props.saved.length === 0
              ? [{ key: 'none', label: t('table.noSavedFilters'), disabled: true }]
              : props.saved.map((f) => ({
                  key: `apply:${f.name}`,
                  label: (
                    <Flex justify="space-between" align="center" gap={12}>
                      <span>{f.name}</span>
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('table.deleteFilter', { name: f.name })}
                        onClick={(e) => {
                          e.stopPropagation();
                          props.onChange(props.saved.filter((s) => s.name !== f.name));
                        }}
                      />
                    </Flex>
                  ),
                }))),
            { type: 'divider' as const },
            {
              key: 'save',
              label: full ? t('table.filtersFull', { max: MAX_SAVED }) : t('table.saveFilter'),
              disabled: full,
            },
          ],
          onClick: ({ key }) => {
            if (key === 'save') {
              form.resetFields();
              setNaming(true);
              return;
            }
            const found = props.saved.find((f) => `apply:${f.name}` === key);
            if (found) props.onApply(found.values);
          },
        }}
      >
        <Button icon={<StarOutlined />} data-testid="saved-filters">
          {t('table.savedFilters')} <DownOutlined />
        </Button>
      </Dropdown>
      <Modal
        open={naming}
        title={t('table.saveFilter')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setNaming(false)}
        destroyOnHidden
        width={400}
      >
        <Form form={form} layout="vertical" onFinish={save}>
          <Form.Item name="name" label={t('table.filterName')} rules={[{ required: true, whitespace: true, max: 40 }]}>
            <Input autoFocus maxLength={40} placeholder={t('table.filterNamePlaceholder')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
