import { PlusOutlined } from '@ant-design/icons';
import { type DingNoticeRow, dingNoticeResource, isNoticeLink } from '@portal/contracts';
import { Button, Form, Input, Popconfirm, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceKeys } from '../../platform/resource/keys';
import type { ResourceOverrides } from '../../platform/resource/overrides';
import { ResourceList } from '../../platform/resource/ResourceList';
import { FormModal } from '../../platform/ui/FormModal';
import { useRowCall } from '../../platform/ui/RowActions';
import { noticesApi } from './api';

type DingValues = { title: string; titleEn?: string; content: string; link?: string };

/** Ding notices: switching one on pushes it to every staff member (live) and the workplace-chat robot. */
export function DingNotices() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ row: DingNoticeRow | null } | null>(null);
  const enable = useRowCall(
    (a: { id: number; enabled: boolean }) => noticesApi.dingEnable(a.id, a.enabled),
    [resourceKeys.all(dingNoticeResource.key)],
    (a) => (a.enabled ? t('notices.pushed') : undefined),
  );
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      cells: {
        enabled: (_v, r) =>
          r.enabled ? (
            <Switch size="small" checked onChange={() => enable.mutate({ id: r.id, enabled: false })} />
          ) : (
            <Popconfirm
              title={t('notices.pushConfirm')}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={() => enable.mutateAsync({ id: r.id, enabled: true })}
            >
              <Switch size="small" checked={false} />
            </Popconfirm>
          ),
      },
      rowActions: (r) => [
        { key: 'edit', label: t('common.edit'), onClick: () => setEditing({ row: r as unknown as DingNoticeRow }) },
      ],
      toolbar: (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
          {t('notices.newDing')}
        </Button>
      ),
    }),
    [t, enable],
  );
  return (
    <>
      <ResourceList def={dingNoticeResource} overrides={overrides} />
      <FormModal<DingValues>
        open={editing !== null}
        title={editing?.row ? t('notices.editDing') : t('notices.newDing')}
        onClose={() => setEditing(null)}
        onSubmit={(v) =>
          noticesApi.dingSave({
            ...(editing?.row ? { id: editing.row.id } : {}),
            title: v.title,
            titleEn: v.titleEn ?? '',
            content: v.content,
            link: v.link?.trim() || null,
          })
        }
        successMessage={t('common.saved')}
        invalidate={resourceKeys.all(dingNoticeResource.key)}
        initialValues={
          editing?.row ? { ...editing.row, title: editing.row.titleZh, link: editing.row.link ?? '' } : undefined
        }
      >
        <Form.Item name="title" label={t('notices.title')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="titleEn" label={t('notices.titleEn')} extra={t('notices.titleEnHint')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="content" label={t('notices.content')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea maxLength={2000} showCount autoSize={{ minRows: 4 }} />
        </Form.Item>
        <Form.Item
          name="link"
          label={t('notices.link')}
          rules={[
            {
              validator: (_, v?: string) =>
                !v?.trim() || isNoticeLink(v.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('notices.linkFormat'))),
            },
          ]}
        >
          <Input maxLength={256} placeholder="/message/publicnotice/timeaxis" />
        </Form.Item>
      </FormModal>
    </>
  );
}
