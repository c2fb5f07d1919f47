import { DeleteOutlined, EyeOutlined, SwapOutlined, UploadOutlined } from '@ant-design/icons';
import { KB_ACCEPT, KB_MAX_BYTES, type KbDocumentRow, kbDocUrl, kbListQuery } from '@portal/contracts';
import { Button, Form, Input, Popconfirm, Space, type TableColumnsType, Tag, Upload } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../platform/feedback';
import { zodRule } from '../../platform/form';
import { queryClient } from '../../platform/query-client';
import { SearchTable } from '../../platform/ui/SearchTable';
import { aiApi, aiKeys } from './api';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** /setModule/ai/knowledge: administrators add, replace and remove the AI assistant's documents. */
export function KnowledgeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  /** which document is being replaced ('' for a new one) while its file uploads and is indexed */
  const [busy, setBusy] = useState<string | null>(null);

  /** The file goes to the upload service, then its id adds the document (or replaces `uuid`). */
  const save = async (file: File, uuid?: string) => {
    if (file.size > KB_MAX_BYTES) {
      toast().warning(t('ai.kb.tooLarge', { limit: `${KB_MAX_BYTES / (1024 * 1024)} MB` }));
      return;
    }
    setBusy(uuid ?? '');
    try {
      const { id: fileId } = await aiApi.kbUpload(file);
      await (uuid ? aiApi.kbReplace(uuid, { fileId }) : aiApi.kbAdd({ fileId }));
      toast().success(uuid ? t('ai.kb.replaced') : t('ai.kb.added'));
      await queryClient.invalidateQueries({ queryKey: aiKeys.kbList });
    } catch {
      // the http client showed the message
    } finally {
      setBusy(null);
    }
  };
  const picker = (
    label: string,
    icon: React.ReactNode,
    onFile: (f: File) => void,
    testId: string,
    loading: boolean,
    primary = false,
  ) => (
    <Upload
      accept={KB_ACCEPT}
      showUploadList={false}
      disabled={busy !== null}
      beforeUpload={(f) => {
        onFile(f);
        return false;
      }}
    >
      <Button
        type={primary ? 'primary' : 'link'}
        size={primary ? 'middle' : 'small'}
        icon={icon}
        loading={loading}
        disabled={busy !== null && !loading}
        data-testid={testId}
      >
        {label}
      </Button>
    </Upload>
  );

  const columns: TableColumnsType<KbDocumentRow> = [
    { key: 'title', dataIndex: 'title', title: t('ai.kb.docTitle'), ellipsis: true },
    { key: 'fileName', dataIndex: 'fileName', title: t('ai.kb.fileName'), ellipsis: true },
    {
      key: 'format',
      dataIndex: 'format',
      title: t('ai.kb.format'),
      width: 80,
      render: (v: string) => <Tag>{v}</Tag>,
    },
    { key: 'bytes', dataIndex: 'bytes', title: t('ai.kb.size'), width: 90, render: kb },
    { key: 'chunks', dataIndex: 'chunks', title: t('ai.kb.chunks'), width: 80 },
    {
      key: 'builtin',
      dataIndex: 'builtin',
      title: t('ai.kb.source'),
      width: 100,
      render: (v: boolean) =>
        v ? <Tag color="blue">{t('ai.kb.builtin')}</Tag> : <Tag color="green">{t('ai.kb.uploaded')}</Tag>,
    },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('ai.kb.updatedAt'),
      width: 150,
      render: (v: string, r) => (
        <span title={r.updatedBy ?? undefined}>
          {dayjs(v).format('YYYY-MM-DD HH:mm')}
          {r.updatedBy ? ` · ${r.updatedBy}` : ''}
        </span>
      ),
    },
    {
      key: 'action',
      title: t('common.action'),
      fixed: 'right',
      width: 220,
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => navigate(kbDocUrl(r.uuid, r.title))}>
            {t('ai.kb.view')}
          </Button>
          {picker(t('ai.kb.replace'), <SwapOutlined />, (f) => void save(f, r.uuid), 'kb-replace', busy === r.uuid)}
          <Popconfirm
            title={t('ai.kb.confirmRemove')}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={async () => {
              await aiApi.kbRemove(r.uuid);
              toast().success(t('ai.deleteSuccess'));
              await queryClient.invalidateQueries({ queryKey: aiKeys.kbList });
            }}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="kb-remove">
              {t('ai.kb.remove')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <SearchTable<KbDocumentRow, { keyword?: string }>
      queryKey={aiKeys.kbList}
      fetcher={(query, signal) => aiApi.kbList(query, signal)}
      columns={columns}
      rowKey="uuid"
      size="small"
      scrollX="max-content"
      title={t('ai.kb.hint')}
      toolbar={picker(t('ai.kb.upload'), <UploadOutlined />, (f) => void save(f), 'kb-upload', busy === '', true)}
      filters={
        <Form.Item
          name="keyword"
          label={t('ai.kb.keyword')}
          rules={[zodRule(kbListQuery.shape.keyword, t('ai.kb.keyword'))]}
        >
          <Input allowClear placeholder={t('ai.kb.keywordPlaceholder')} style={{ width: 220 }} />
        </Form.Item>
      }
    />
  );
}
