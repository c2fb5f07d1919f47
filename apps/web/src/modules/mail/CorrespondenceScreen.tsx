import type { DealingsGroup } from '@portal/contracts/mail';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Input, List, Row, Segmented, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mailApi, mailKeys } from './api';
import { CounterpartMails } from './CounterpartMails';

type Kind = 'customer' | 'supplier';

/** /message/email/vce: every mail exchanged with one customer or supplier, grouped by counterpart. */
export function CorrespondenceScreen() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('customer');
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<DealingsGroup | null>(null);
  const groups = useQuery({
    queryKey: [...mailKeys.dealings, 'groups', kind, keyword],
    queryFn: ({ signal }) => mailApi.dealingGroups(kind, { page: 1, size: 100, keyword: keyword || undefined }, signal),
  });
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} md={8} xl={6}>
        <Card size="small">
          <Space direction="vertical" style={{ width: '100%' }}>
            <Segmented<Kind>
              block
              value={kind}
              onChange={(v) => {
                setKind(v);
                setPicked(null);
              }}
              options={[
                { value: 'customer', label: t('mail.counterpart.customer') },
                { value: 'supplier', label: t('mail.counterpart.supplier') },
              ]}
            />
            <Input.Search allowClear placeholder={t('mail.keyword')} onSearch={setKeyword} maxLength={100} />
            <List<DealingsGroup>
              size="small"
              data-testid="vce-groups"
              loading={groups.isLoading}
              dataSource={groups.data?.records ?? []}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mail.vce.none')} /> }}
              renderItem={(g) => (
                <List.Item
                  onClick={() => setPicked(g)}
                  style={{
                    cursor: 'pointer',
                    background: picked?.counterpartId === g.counterpartId ? '#e6f4ff' : undefined,
                  }}
                >
                  <List.Item.Meta
                    title={g.counterpartName}
                    description={t('mail.vce.counts', {
                      received: g.received,
                      sent: g.sent,
                      time: dayjs(g.lastAt).format('MM-DD HH:mm'),
                    })}
                  />
                </List.Item>
              )}
            />
          </Space>
        </Card>
      </Col>
      <Col xs={24} md={16} xl={18}>
        {picked ? (
          <CounterpartMails
            kind={kind}
            id={picked.counterpartId}
            title={<Typography.Text strong>{picked.counterpartName}</Typography.Text>}
          />
        ) : (
          <Card size="small">
            <Empty description={t('mail.vce.pick')} />
          </Card>
        )}
      </Col>
    </Row>
  );
}
