import { ReloadOutlined, RobotOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLayoutApp } from '../../platform/shell-port';
import { aiApi, aiKeys } from './api';
import { ask } from './chat-actions';

/** Home view of a new chat: a greeting and three suggested questions of the current module's type. */
export function ChatHome() {
  const { t } = useTranslation();
  const type = useLayoutApp();
  const questions = useQuery({
    queryKey: aiKeys.questions(type),
    queryFn: () => aiApi.questions(type),
    staleTime: 60_000,
  });
  return (
    <div className="ai-body">
      <div className="ai-home" data-testid="ai-home">
        <Flex align="center" gap={8}>
          <RobotOutlined style={{ fontSize: 28, color: '#1677ff' }} />
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('ai.greeting')}
          </Typography.Title>
        </Flex>
        <Typography.Text type="secondary">{t('ai.intro')}</Typography.Text>
        <Flex justify="space-between" align="center" style={{ marginTop: 12 }}>
          <Typography.Text strong>{t('ai.suggested')}</Typography.Text>
          <Button type="link" size="small" icon={<ReloadOutlined />} onClick={() => void questions.refetch()}>
            {t('ai.another')}
          </Button>
        </Flex>
        {questions.isLoading ? (
          <Skeleton active paragraph={{ rows: 3 }} title={false} />
        ) : (
          (questions.data ?? []).map((q) => (
            <Button
              key={q.question}
              className="ai-suggestion"
              data-testid="ai-suggestion"
              onClick={() => void ask(q.question)}
            >
              {q.question}
            </Button>
          ))
        )}
      </div>
    </div>
  );
}
