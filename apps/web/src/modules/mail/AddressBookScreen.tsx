import { PlusOutlined } from '@ant-design/icons';
import { type BookRow, bookBody, mailBookResource } from '@portal/contracts/mail';
import { Button, Form, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { zodRule } from '../../platform/form';
import { resourceKeys } from '../../platform/resource/keys';
import type { ResourceOverrides } from '../../platform/resource/overrides';
import { ResourceList } from '../../platform/resource/ResourceList';
import { FormModal } from '../../platform/ui/FormModal';
import { useRowCall } from '../../platform/ui/RowActions';
import { mailApi } from './api';

/** /message/email/adb: my own address book — people I write to besides colleagues and CRM contacts. */
export function AddressBookScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useRowCall((ids: number[]) => mailApi.deleteBook(ids), [resourceKeys.all(mailBookResource.key)]);
  const [editing, setEditing] = useState<Partial<BookRow> | null>(null);
  const field = (k: keyof typeof bookBody.shape, label: string) => ({
    name: k,
    label,
    rules: [zodRule(bookBody.shape[k], label)],
  });
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      cells: {
        email: (v) => (
          <Typography.Link onClick={() => navigate(`/message/email/write?to=${encodeURIComponent(String(v))}`)}>
            {String(v)}
          </Typography.Link>
        ),
      },
      rowActions: (r) => [
        {
          key: 'edit',
          label: t('mail.set.edit'),
          testId: 'adb-edit',
          onClick: () => setEditing(r as unknown as BookRow),
        },
        {
          key: 'delete',
          label: t('mail.set.delete'),
          danger: true,
          confirm: t('mail.adb.deleteConfirm'),
          onClick: () => remove.mutateAsync([r.id]),
        },
      ],
      toolbar: (
        <Button type="primary" icon={<PlusOutlined />} data-testid="adb-add" onClick={() => setEditing({})}>
          {t('mail.adb.add')}
        </Button>
      ),
    }),
    [t, navigate, remove],
  );
  return (
    <>
      <ResourceList def={mailBookResource} overrides={overrides} />
      <FormModal<Partial<BookRow>>
        open={!!editing}
        title={t(editing?.id ? 'mail.adb.edit' : 'mail.adb.add')}
        initialValues={editing ?? {}}
        onClose={() => setEditing(null)}
        successMessage={t('mail.done')}
        invalidate={resourceKeys.all(mailBookResource.key)}
        onSubmit={async (v) => {
          await mailApi.saveBook({ ...v, id: editing?.id });
          setEditing(null);
        }}
      >
        <Form.Item {...field('email', t('mail.adb.email'))} required>
          <Input data-testid="adb-email" maxLength={254} />
        </Form.Item>
        <Form.Item {...field('name', t('mail.adb.name'))}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item {...field('company', t('mail.adb.company'))}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item {...field('phone', t('mail.adb.phone'))}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item {...field('remark', t('mail.adb.remark'))}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </FormModal>
    </>
  );
}
