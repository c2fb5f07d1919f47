import { PlusOutlined } from '@ant-design/icons';
import { type VersionRecord, versionRecordResource } from '@portal/contracts';
import { Button, DatePicker, Form, Input, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceKeys } from '../../platform/resource/keys';
import type { ResourceOverrides } from '../../platform/resource/overrides';
import { ResourceList } from '../../platform/resource/ResourceList';
import { FormModal } from '../../platform/ui/FormModal';
import { assertUnchangedSince } from '../../platform/ui/opened-guard';
import { useRowCall } from '../../platform/ui/RowActions';
import { noticeKeys, noticesApi } from './api';

type FormValues = {
  version: string;
  innerVersion?: string;
  title: string;
  titleEn?: string;
  content: string;
  contentEn?: string;
  popup: boolean;
  publishedAt?: Dayjs | null;
};

const EMPTY: FormValues = {
  version: '',
  innerVersion: '',
  title: '',
  titleEn: '',
  content: '',
  contentEn: '',
  popup: false,
  publishedAt: null,
};

/** both the list's key and the timeline's: a save or delete changes both */
const changed = [resourceKeys.all(versionRecordResource.key), noticeKeys.root];

/** Version records of the settings screen: drafts and published notes, with the start-up popup flag. */
export function VersionRecords() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ row: VersionRecord | null } | null>(null);
  const remove = useRowCall(noticesApi.remove, changed);
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      rowActions: (r) => [
        { key: 'edit', label: t('common.edit'), onClick: () => setEditing({ row: r as unknown as VersionRecord }) },
        {
          key: 'delete',
          label: t('common.delete'),
          danger: true,
          confirm: t('notices.deleteConfirm'),
          onClick: () => remove.mutateAsync(r.id),
        },
      ],
      toolbar: (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ row: null })}
          data-testid="version-new"
        >
          {t('notices.newVersion')}
        </Button>
      ),
    }),
    [t, remove],
  );
  const row = editing?.row ?? null;
  const editId = row?.id;
  return (
    <>
      <ResourceList def={versionRecordResource} overrides={overrides} />
      <FormModal<FormValues>
        open={editing !== null}
        title={row ? t('notices.editVersion') : t('notices.newVersion')}
        width={720}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          // saved as the dialog opened it: a change by someone else meanwhile is not overwritten
          if (row) await assertUnchangedSince(row.updatedAt, () => noticesApi.detail(row.id));
          return noticesApi.save({
            ...(editId ? { id: editId } : {}),
            version: v.version,
            ...(v.innerVersion ? { innerVersion: v.innerVersion } : {}),
            title: v.title,
            titleEn: v.titleEn ?? '',
            content: v.content ?? '',
            contentEn: v.contentEn ?? '',
            popup: v.popup,
            publishedAt: v.publishedAt ? v.publishedAt.toISOString() : null,
          });
        }}
        successMessage={t('common.saved')}
        invalidate={changed[0]!}
        initialValues={
          row
            ? {
                ...row,
                title: row.titleZh,
                content: row.contentZh,
                innerVersion: row.innerVersion ?? '',
                publishedAt: row.publishedAt ? dayjs(row.publishedAt) : null,
              }
            : EMPTY
        }
      >
        <Form.Item name="version" label={t('notices.version')} rules={[{ required: true, whitespace: true, max: 40 }]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item
          name="innerVersion"
          label={t('notices.innerVersion')}
          validateTrigger="onBlur"
          rules={[
            { pattern: /^[A-Za-z0-9._-]*$/, message: t('notices.innerVersionFormat') },
            {
              validator: async (_, value: string) => {
                if (value && (await noticesApi.innerExists(value, editId)).exists)
                  throw new Error(t('notices.innerVersionTaken'));
              },
            },
          ]}
        >
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="title" label={t('notices.title')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="titleEn" label={t('notices.titleEn')} extra={t('notices.titleEnHint')}>
          <Input maxLength={200} data-testid="notice-title-en" />
        </Form.Item>
        <Form.Item name="content" label={t('notices.content')} extra={t('notices.markdownHint')}>
          <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} maxLength={20000} />
        </Form.Item>
        <Form.Item name="contentEn" label={t('notices.contentEn')} extra={t('notices.contentEnHint')}>
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 16 }} maxLength={20000} data-testid="notice-content-en" />
        </Form.Item>
        <Form.Item name="publishedAt" label={t('notices.publishedAt')} extra={t('notices.publishHint')}>
          <DatePicker showTime />
        </Form.Item>
        <Form.Item name="popup" label={t('notices.popup')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormModal>
    </>
  );
}
