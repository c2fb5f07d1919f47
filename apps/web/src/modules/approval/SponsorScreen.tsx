import { FormOutlined } from '@ant-design/icons';
import type { SponsorProcess } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Input, Row, Skeleton, Typography } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { approvalApi, approvalKeys } from './api';

export const SUBMIT_PATH = '/general/sponsor/submit';

/** Where a process is started: its own business form (applyPath) or the generic application form. */
export function startPath(p: Pick<SponsorProcess, 'id' | 'applyPath' | 'name'>) {
  return p.applyPath ?? `${SUBMIT_PATH}?processId=${p.id}`;
}

/** /general/process/sponsor: the processes I may start, grouped, searched on the server. */
export function SponsorScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const list = useQuery({
    queryKey: approvalKeys.sponsor(deferred),
    queryFn: () => approvalApi.sponsor(deferred || undefined),
    placeholderData: keepPreviousData,
  });
  const groups = useMemo(() => {
    const by = new Map<string, SponsorProcess[]>();
    for (const p of list.data ?? []) by.set(p.groupName, [...(by.get(p.groupName) ?? []), p]);
    return [...by];
  }, [list.data]);
  const zh = i18n.language.startsWith('zh');
  return (
    <Flex vertical gap={12}>
      <Flex style={{ padding: 16, background: '#fff', borderRadius: 8 }} gap={12} align="center" wrap>
        <Typography.Text strong>{t('approval.sponsorTitle')}</Typography.Text>
        <Input.Search
          allowClear
          maxLength={64}
          placeholder={t('approval.sponsorSearch')}
          style={{ maxWidth: 320 }}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          data-testid="sponsor-search"
        />
      </Flex>
      {list.isPending ? (
        <Skeleton active />
      ) : groups.length === 0 ? (
        <Empty style={{ padding: 48, background: '#fff', borderRadius: 8 }} description={t('approval.sponsorNone')} />
      ) : (
        groups.map(([group, processes]) => (
          <Card key={group} size="small" title={group} data-testid="sponsor-group">
            <Row gutter={[12, 12]}>
              {processes.map((p) => (
                <Col key={p.id} xs={24} sm={12} lg={8} xl={6}>
                  <Card
                    size="small"
                    hoverable
                    onClick={() => void navigate(startPath(p))}
                    data-testid="sponsor-process"
                    data-name={p.name}
                  >
                    <Flex gap={12} align="start">
                      <FormOutlined style={{ fontSize: 20, color: '#1677ff', marginTop: 2 }} />
                      <Flex vertical style={{ minWidth: 0 }}>
                        <Typography.Text strong ellipsis>
                          {zh ? p.name : p.nameEn}
                        </Typography.Text>
                        <Typography.Text
                          type="secondary"
                          ellipsis={{ tooltip: p.description }}
                          style={{ fontSize: 12 }}
                        >
                          {p.description ?? '-'}
                        </Typography.Text>
                      </Flex>
                    </Flex>
                  </Card>
                </Col>
              ))}
            </Row>
          </Card>
        ))
      )}
    </Flex>
  );
}
