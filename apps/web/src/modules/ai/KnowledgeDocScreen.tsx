import { Perm } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../platform/access';
import { ForbiddenPage } from '../../shell/pages/ForbiddenPage';
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
  return (
    <Card
      data-testid="kb-doc"
      title={doc.data.title}
      extra={
        <Typography.Text type="secondary">
          <Tag>{doc.data.format}</Tag>
          {dayjs(doc.data.updatedAt).format('YYYY-MM-DD HH:mm')}
        </Typography.Text>
      }
      style={{ maxWidth: 960 }}
    >
      {doc.data.format === 'md' ? (
        <AnswerMarkdown text={doc.data.body} onLink={(href) => navigate(href)} />
      ) : (
        <div style={{ whiteSpace: 'pre-wrap' }}>{doc.data.body}</div>
      )}
    </Card>
  );
}
