import { PlusOutlined } from '@ant-design/icons';
import { mailTemplateResource, templateBody } from '@portal/contracts/mail';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../platform/form';
import { resourceKeys } from '../../platform/resource/keys';
import type { ResourceOverrides } from '../../platform/resource/overrides';
import { ResourceList } from '../../platform/resource/ResourceList';
import { FormModal } from '../../platform/ui/FormModal';
import { useRowCall } from '../../platform/ui/RowActions';
import { mailApi, mailKeys } from './api';

type Editing = { id?: number; name?: string; subject?: string; content?: string; shared?: boolean };

/** Mailbox settings → templates: my own (colleagues' shared ones are offered in the write step). */
export function TemplatesTab() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  // the write step's picker (mailKeys.templates) offers the same templates
  const keys = [resourceKeys.all(mailTemplateResource.key), mailKeys.templates];
  const remove = useRowCall((id: number) => mailApi.deleteTemplate(id), keys);
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      rowActions: (r) => [
        { key: 'edit', label: t('mail.set.edit'), onClick: () => setEditing(r as unknown as Editing) },
        {
          key: 'delete',
          label: t('mail.set.delete'),
          danger: true,
          confirm: t('mail.tpl.deleteConfirm'),
          onClick: () => remove.mutateAsync(r.id),
        },
      ],
      toolbar: (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="tpl-add"
          onClick={() => setEditing({ shared: false })}
        >
          {t('mail.tpl.add')}
        </Button>
      ),
    }),
    [t, remove],
  );
  return (
    <>
      <ResourceList def={mailTemplateResource} overrides={overrides} />
      <FormModal<{ name: string; subject: string; content: string; shared: boolean }>
        open={!!editing}
        title={t('mail.template')}
        width={640}
        initialValues={{
          name: editing?.name ?? '',
          subject: editing?.subject ?? '',
          content: editing?.content ?? '',
          shared: editing?.shared ?? false,
        }}
        onClose={() => setEditing(null)}
        successMessage={t('mail.done')}
        invalidate={keys[0]!}
        onSubmit={async (v) => {
          await mailApi.saveTemplate({ ...v, id: editing?.id });
          await qc.invalidateQueries({ queryKey: mailKeys.templates });
          setEditing(null);
        }}
      >
        <Form.Item
          name="name"
          label={t('mail.set.signatureName')}
          rules={[zodRule(templateBody.shape.name, t('mail.set.signatureName'))]}
        >
          <Input data-testid="tpl-name" />
        </Form.Item>
        <Form.Item
          name="subject"
          label={t('mail.subject')}
          rules={[zodRule(templateBody.shape.subject, t('mail.subject'))]}
        >
          <Input data-testid="tpl-subject" />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('mail.content')}
          rules={[zodRule(templateBody.shape.content, t('mail.content'))]}
        >
          <Input.TextArea rows={6} data-testid="tpl-content" />
        </Form.Item>
        <Form.Item name="shared" label={t('mail.tpl.shared')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormModal>
    </>
  );
}
