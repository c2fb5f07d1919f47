import { DownloadOutlined } from '@ant-design/icons';
import { Perm } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../platform/access';
import { download } from '../../platform/download';
import { formatTime } from '../../platform/format-time';
import { FilePreview } from '../../platform/ui/FilePreview';
import { ForbiddenPage } from '../../platform/ui/ForbiddenPage';
import { AnswerMarkdown } from './AnswerMarkdown';
import { aiApi, aiKeys } from './api';

/** /setModule/ai/knowledge/doc?uuid=…: the read-only view of a knowledge document AI answers link to. */
export function KnowledgeDocScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const uuid = params.get('uuid') ?? '';
  const allowed = useCan(Perm.AI_CHAT);
  const doc = useQuery({
    queryKey: aiKeys.kbDoc(uuid),
    queryFn: () => aiApi.kbView(uuid),
    enabled: allowed && !!uuid,
    retry: false,
  });
  if (!allowed) return <ForbiddenPage />;
  if (!uuid || doc.isError) return <Empty description={t('ai.kb.missing')} />;
  if (!doc.data) return <Skeleton active />;
  const { file } = doc.data;
  const text =
    doc.data.format === 'md' ? (
      <AnswerMarkdown text={doc.data.body} onLink={(href) => navigate(href)} />
    ) : (
      <div style={{ whiteSpace: 'pre-wrap' }}>{doc.data.body}</div>
    );
  /** signed URLs are short-lived: a fresh one for the download */
  const saveOriginal = async () => {
    const fresh = (await doc.refetch()).data?.file;
    if (fresh) await download(fresh.url, { kind: 'download', filename: fresh.name });
  };
  return (
    <Card
      data-testid="kb-doc"
      title={doc.data.title}
      extra={
        <Space>
          <Typography.Text type="secondary">
            <Tag>{doc.data.format}</Tag>
            {formatTime(doc.data.updatedAt)}
          </Typography.Text>
          {file && (
            <Button
              size="small"
              icon={<DownloadOutlined />}
              onClick={() => void saveOriginal()}
              data-testid="kb-download"
            >
              {t('ai.kb.download')}
            </Button>
          )}
        </Space>
      }
      style={{ maxWidth: 960 }}
    >
      {file && doc.data.format !== 'md' && doc.data.format !== 'txt' ? (
        <Tabs
          items={[
            { key: 'text', label: t('ai.kb.text'), children: text },
            {
              key: 'original',
              label: t('ai.kb.original'),
              children: <FilePreview url={file.url} name={file.name} />,
            },
          ]}
        />
      ) : (
        text
      )}
    </Card>
  );
}
