import { LIVE_RESOURCES, type VersionRecord } from '@portal/contracts';
import { Drawer, Form, InputNumber, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../platform/format-time';
import { Markdown } from '../../platform/ui/Markdown';
import { actionColumn } from '../../platform/ui/RowActions';
import { SearchTable } from '../../platform/ui/SearchTable';
import { noticeKeys, noticesApi } from './api';

/** /message/publicnotice/noticelist: published release notes as a list; a drawer shows one. */
export function NoticeListScreen() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<VersionRecord | null>(null);
  const columns = useMemo<TableColumnsType<VersionRecord>>(
    () => [
      {
        key: 'version',
        dataIndex: 'version',
        title: t('notices.version'),
        width: 120,
        render: (v: string) => <Tag color="blue">{v}</Tag>,
      },
      { key: 'title', dataIndex: 'title', title: t('notices.title'), ellipsis: true },
      {
        key: 'publishedAt',
        dataIndex: 'publishedAt',
        title: t('notices.publishedAt'),
        width: 160,
        render: (v: string | null) => formatTime(v),
      },
      actionColumn<VersionRecord>(
        t('common.action'),
        (r) => [{ key: 'view', label: t('notices.view'), onClick: () => setOpen(r) }],
        90,
      ),
    ],
    [t],
  );
  return (
    <>
      <SearchTable<VersionRecord, { year?: number }>
        queryKey={[...noticeKeys.timeline, 'list']}
        live={LIVE_RESOURCES.noticeVersions}
        fetcher={(q, signal) => noticesApi.timeline(q, signal)}
        columns={columns}
        rowKey="id"
        filters={
          <Form.Item name="year" label={t('notices.year')}>
            <InputNumber min={2000} max={2100} precision={0} style={{ width: 120 }} />
          </Form.Item>
        }
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        width={560}
        title={open ? `${open.version} · ${open.title}` : ''}
      >
        {open && (
          <>
            <Typography.Text type="secondary">{formatTime(open.publishedAt, '')}</Typography.Text>
            <Markdown source={open.content} />
          </>
        )}
      </Drawer>
    </>
  );
}
