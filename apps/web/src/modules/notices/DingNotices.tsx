import { PlusOutlined } from '@ant-design/icons';
import { type DingNoticeRow, isNoticeLink, LIVE_RESOURCES } from '@portal/contracts';
import { Button, Form, Input, Select, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../platform/ui/FormModal';
import { actionColumn, switchColumn, useRowCall } from '../../platform/ui/RowActions';
import { SearchTable } from '../../platform/ui/SearchTable';
import { noticeKeys, noticesApi } from './api';

type DingValues = { title: string; titleEn?: string; content: string; link?: string };

/** Ding notices: switching one on pushes it to every staff member (live) and the workplace-chat robot. */
export function DingNotices() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ row: DingNoticeRow | null } | null>(null);
  const enable = useRowCall(
    (a: { id: number; enabled: boolean }) => noticesApi.dingEnable(a.id, a.enabled),
    [noticeKeys.ding],
    (a) => (a.enabled ? t('notices.pushed') : undefined),
  );
  const columns: TableColumnsType<DingNoticeRow> = [
    { key: 'title', dataIndex: 'title', title: t('notices.title'), ellipsis: true },
    { key: 'content', dataIndex: 'content', title: t('notices.content'), ellipsis: true },
    { key: 'pushCount', dataIndex: 'pushCount', title: t('notices.pushCount'), width: 90 },
    {
      key: 'pushedAt',
      dataIndex: 'pushedAt',
      title: t('notices.pushedAt'),
      width: 150,
      render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '-'),
    },
    switchColumn<DingNoticeRow>({
      key: 'enabled',
      title: t('notices.enabled'),
      width: 90,
      checked: (r) => r.enabled,
      confirm: (_r, on) => (on ? t('notices.pushConfirm') : undefined),
      onChange: (r, enabled) => enable.mutateAsync({ id: r.id, enabled }),
    }),
    actionColumn<DingNoticeRow>(
      t('common.action'),
      (r) => [{ key: 'edit', label: t('common.edit'), onClick: () => setEditing({ row: r }) }],
      80,
    ),
  ];
  return (
    <>
      <SearchTable<DingNoticeRow, { keyword?: string; enabled?: 'yes' | 'no' }>
        queryKey={noticeKeys.ding}
        live={LIVE_RESOURCES.dingNotices}
        fetcher={(q, signal) => noticesApi.dingPage(q, signal)}
        columns={columns}
        rowKey="id"
        exportPath="/v2/sys/staff/dingNotice/export"
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
            {t('notices.newDing')}
          </Button>
        }
        filters={
          <>
            <Form.Item name="keyword" label={t('notices.keyword')}>
              <Input allowClear maxLength={100} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="enabled" label={t('notices.enabled')}>
              <Select
                allowClear
                placeholder={t('common.all')}
                style={{ width: 110 }}
                options={[
                  { value: 'yes', label: t('notices.on') },
                  { value: 'no', label: t('notices.off') },
                ]}
              />
            </Form.Item>
          </>
        }
      />
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
        invalidate={noticeKeys.ding}
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
