import type { VersionRecord } from '@portal/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../platform/ui/Markdown';
import { noticeKeys, noticesApi } from './api';

const PAGE = 10;

/** /message/publicnotice/timeaxis: the release timeline, newest first. */
export function TimelineScreen() {
  const { t } = useTranslation();
  const q = useInfiniteQuery({
    queryKey: noticeKeys.timeline,
    queryFn: ({ pageParam, signal }) => noticesApi.timeline({ page: pageParam, size: PAGE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
  });
  const records: VersionRecord[] = q.data?.pages.flatMap((p) => p.records) ?? [];
  return (
    <Card size="small" title={t('notices.timeline')} loading={q.isPending}>
      {records.length === 0 ? (
        <Empty description={t('notices.none')} />
      ) : (
        <Timeline
          data-testid="release-timeline"
          items={records.map((r) => ({
            key: r.id,
            children: (
              <Flex vertical gap={4}>
                <Flex gap={8} align="center" wrap>
                  <Tag color="blue">{r.version}</Tag>
                  <Typography.Text strong>{r.title}</Typography.Text>
                  <Typography.Text type="secondary">
                    {r.publishedAt ? dayjs(r.publishedAt).format('YYYY-MM-DD') : ''}
                  </Typography.Text>
                </Flex>
                <Markdown source={r.content} />
              </Flex>
            ),
          }))}
        />
      )}
      {q.hasNextPage && (
        <Flex justify="center">
          <Button onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>
            {t('notices.more')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
