import { DeleteOutlined, EyeOutlined, SwapOutlined, UploadOutlined } from '@ant-design/icons';
import { KB_ACCEPT, KB_MAX_BYTES, type KbDocumentRow, kbDocUrl, kbListQuery } from '@portal/contracts';
import { Button, Form, Input, Tag, Tooltip, Upload } from 'antd';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../platform/feedback';
import { zodRule } from '../../platform/form';
import { formatTime } from '../../platform/format-time';
import { queryClient } from '../../platform/query-client';
import { actionColumn, useRowCall } from '../../platform/ui/RowActions';
import { type ListColumn, SearchTable } from '../../platform/ui/SearchTable';
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
  /** The file picker around a button: the file is taken, not sent by antd (`save` sends it). */
  const picker = (onFile: (f: File) => void) => (button: ReactElement) => (
    <Upload
      accept={KB_ACCEPT}
      showUploadList={false}
      disabled={busy !== null}
      beforeUpload={(f) => {
        onFile(f);
        return false;
      }}
    >
      {button}
    </Upload>
  );
  const remove = useRowCall(aiApi.kbRemove, [aiKeys.kbList], () => t('ai.deleteSuccess'));

  const columns: ListColumn<KbDocumentRow>[] = [
    { key: 'title', dataIndex: 'title', title: t('ai.kb.docTitle'), kind: 'title' },
    { key: 'fileName', dataIndex: 'fileName', title: t('ai.kb.fileName'), kind: 'text', secondary: true },
    {
      key: 'format',
      dataIndex: 'format',
      title: t('ai.kb.format'),
      width: 80,
      render: (v: string) => <Tag>{v}</Tag>,
    },
    { key: 'bytes', dataIndex: 'bytes', title: t('ai.kb.size'), width: 90, render: kb },
    { key: 'chunks', dataIndex: 'chunks', title: t('ai.kb.chunks'), kind: 'number', width: 80, secondary: true },
    {
      key: 'builtin',
      secondary: true,
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
      kind: 'datetime',
      render: (v: string, r) =>
        r.updatedBy ? (
          <Tooltip title={r.updatedBy}>
            <span>{formatTime(v)}</span>
          </Tooltip>
        ) : (
          formatTime(v)
        ),
    },
    actionColumn<KbDocumentRow>(
      t('common.action'),
      (r) => [
        {
          key: 'view',
          label: t('ai.kb.view'),
          icon: <EyeOutlined />,
          onClick: () => navigate(kbDocUrl(r.uuid, r.title)),
        },
        {
          key: 'replace',
          label: t('ai.kb.replace'),
          icon: <SwapOutlined />,
          loading: busy === r.uuid,
          disabled: busy !== null && busy !== r.uuid,
          testId: 'kb-replace',
          wrap: picker((f) => void save(f, r.uuid)),
        },
        {
          key: 'remove',
          label: t('ai.kb.remove'),
          icon: <DeleteOutlined />,
          danger: true,
          confirm: t('ai.kb.confirmRemove'),
          testId: 'kb-remove',
          onClick: () => remove.mutateAsync(r.uuid),
        },
      ],
      220,
    ),
  ];

  return (
    <SearchTable<KbDocumentRow, { keyword?: string }>
      queryKey={aiKeys.kbList}
      fetcher={(query, signal) => aiApi.kbList(query, signal)}
      columns={columns}
      rowKey="uuid"
      size="small"
      title={t('ai.kb.hint')}
      toolbar={picker((f) => void save(f))(
        <Button
          type="primary"
          icon={<UploadOutlined />}
          loading={busy === ''}
          disabled={busy !== null && busy !== ''}
          data-testid="kb-upload"
        >
          {t('ai.kb.upload')}
        </Button>,
      )}
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
